import { describe, expect, it, vi } from 'vitest';
import { notificationOptions, parsePush, registerHandlers, sameOriginUrl } from './sw-handlers';
import type { ServiceWorkerScopeLike, WindowClientLike } from './sw-scope';

const ORIGIN = 'https://cams.example';
const payload = {
  title: 'Front door',
  body: 'Motion detected',
  url: '/notifications?cameras=Front%20door',
  image: '/files/recordings/front.jpeg',
  tag: 'Front door',
  timestamp: '2025-01-02T03:04:05.000Z',
};

function fakeScope(windows: WindowClientLike[] = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const scope = {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: { claim: vi.fn(() => Promise.resolve()), matchAll: vi.fn(() => Promise.resolve(windows)), openWindow: vi.fn(() => Promise.resolve(null)) },
    skipWaiting: vi.fn(() => Promise.resolve()),
    addEventListener: (type: string, listener: (event: unknown) => void) => handlers.set(type, listener),
  };
  registerHandlers(scope as unknown as ServiceWorkerScopeLike);
  const fire = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  return { scope, fire };
}

describe('service worker', () => {
  it('shows a push as a notification with icon, tag, image and the link in data.url', async () => {
    const { scope, fire } = fakeScope();
    await fire('push', { data: { json: () => payload, text: () => JSON.stringify(payload) } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Front door', notificationOptions(payload, ORIGIN));
    const options = notificationOptions(payload, ORIGIN);
    expect(options).toMatchObject({
      body: 'Motion detected',
      tag: 'Front door',
      image: `${ORIGIN}/files/recordings/front.jpeg`,
      timestamp: Date.parse(payload.timestamp),
      data: { url: `${ORIGIN}/notifications?cameras=Front%20door` },
    });
    expect(options.icon).toMatch(/^\//);
  });

  it('still shows something for a payload that is not ours (the browser requires a visible notification)', () => {
    expect(parsePush({ json: () => { throw new SyntaxError('x'); }, text: () => 'hello' })).toMatchObject({ title: 'HomeCam', body: 'hello' });
  });

  it('only opens paths of its own origin', () => {
    expect(sameOriginUrl('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/notifications`);
    expect(sameOriginUrl('/cameras/a', ORIGIN)).toBe(`${ORIGIN}/cameras/a`);
  });

  it('a click focuses an open window and navigates it; without one it opens a window', async () => {
    const focus = vi.fn(() => Promise.resolve(client));
    const navigate = vi.fn(() => Promise.resolve(client));
    const client: WindowClientLike = { url: `${ORIGIN}/dashboard`, focused: false, focus, navigate };
    const open = fakeScope([client]);
    const close = vi.fn();
    await open.fire('notificationclick', { notification: { data: { url: '/recordings' }, close } });
    expect(close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/recordings`);
    expect(open.scope.clients.openWindow).not.toHaveBeenCalled();

    const none = fakeScope([]);
    await none.fire('notificationclick', { notification: { data: { url: '/recordings' }, close } });
    expect(none.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/recordings`);
  });

  it('skips waiting only when the page asks, and claims clients on activate', async () => {
    const { scope, fire } = fakeScope();
    await fire('install', {});
    expect(scope.skipWaiting).not.toHaveBeenCalled();
    await fire('message', { data: { type: 'SKIP_WAITING' } });
    expect(scope.skipWaiting).toHaveBeenCalledTimes(1);
    await fire('activate', {});
    expect(scope.clients.claim).toHaveBeenCalled();
  });
});
