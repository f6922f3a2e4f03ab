import { STORAGE_KEYS } from '@homecam/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePeerConnection, FakeSocket, fakeWebrtcVideo, stubWebrtcGlobals } from '../../test/live-fakes';
import { LiveConnection } from './live-connection';
import { earlyPage, releaseEarlyLive, SESSION_STORAGE_KEY, showEarlyPicture, startEarlyLive, storedAccessToken, UNCLAIMED_MS } from './live-early';

const location = { protocol: 'http:', host: 'h' };
const storage = (session: unknown) => ({ getItem: (key: string) => (key === 'user' ? JSON.stringify(session) : null) });

function environment(pathname: string, session: unknown = { access_token: 'token' }) {
  const sockets: FakeSocket[] = [];
  const createSocket = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket as unknown as WebSocket;
  };
  return { sockets, createSocket, env: { location: { ...location, pathname }, storage: storage(session), createSocket } };
}

function player(camera: string, createSocket: (url: string) => WebSocket, webrtc = true) {
  const { video, showFrame } = fakeWebrtcVideo();
  const connection = new LiveConnection({ camera, getToken: () => 'token', location, webrtc, createSocket });
  connection.start(video as unknown as HTMLVideoElement);
  return { connection, video, showFrame };
}

describe('the live socket opened while the app loads', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubWebrtcGlobals();
  });
  afterEach(() => {
    vi.advanceTimersByTime(UNCLAIMED_MS); // an early socket no test took is dropped
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('knows the camera pages and reads the stored token without the app', () => {
    expect(earlyPage('/cameras/Front%20door')).toEqual({ route: 'camera', camera: 'Front door' });
    expect(earlyPage('/cameras/Porch/feed')).toEqual({ route: 'camera-feed', camera: 'Porch' });
    expect(earlyPage('/cameras/Porch/')).toEqual({ route: 'camera', camera: 'Porch' });
    for (const other of ['/', '/cameras', '/cameras/Porch/settings', '/dashboard', '/cameras/%E0%A4%A']) expect(earlyPage(other)).toBeNull();
    expect(SESSION_STORAGE_KEY).toBe(STORAGE_KEYS.user);
    expect(storedAccessToken(storage({ access_token: 'abc', user: {} }))).toBe('abc');
    for (const session of [null, 'text', { access_token: 42 }, { access_token: '' }]) expect(storedAccessToken(storage(session))).toBeNull();
    expect(storedAccessToken({ getItem: () => '{not json' })).toBeNull();
  });

  it('opens nothing on other pages or without a stored session', () => {
    const dashboard = environment('/dashboard');
    expect(startEarlyLive(dashboard.env)).toBeNull();
    const signedOut = environment('/cameras/Porch', null);
    expect(startEarlyLive(signedOut.env)).toBeNull();
    expect([...dashboard.sockets, ...signedOut.sockets]).toEqual([]);
  });

  it('signs in, offers and takes the answer before there is a player; the player then shows the picture on that socket', async () => {
    const { sockets, createSocket, env } = environment('/cameras/Porch');
    startEarlyLive(env);
    const socket = sockets[0]!;
    expect(socket.url).toBe('ws://h/api/cameras/Porch/live?transport=webrtc');
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token' }, { type: 'webrtc-offer', sdp: 'v=0 offer' }]);
    socket.receive({ type: 'state', state: 'streaming', reason: null });
    socket.receive({ type: 'webrtc-answer', sdp: 'v=0 answer' });
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.all[0]!;
    expect(pc.remote).toBe('v=0 answer'); // ICE and DTLS go on while the app loads
    const stream = { id: 'picture' };
    pc.ontrack?.({ track: { kind: 'video' }, streams: [stream], receiver: {} });

    const { connection, video, showFrame } = player('Porch', createSocket);
    expect(sockets).toHaveLength(1); // taken over, not a second socket
    expect(FakePeerConnection.all).toHaveLength(1);
    expect(video.srcObject).toBe(stream);
    showFrame();
    expect(connection.getState()).toMatchObject({ status: 'playing', transport: 'webrtc', fallback: null });
    // the held answer was not given to the peer a second time, and the frame timer does not end WebRTC later
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pc.closed).toBe(false);
    expect(socket.sent.map((m) => m.type)).not.toContain('webrtc-fallback');
  });

  it('the app’s copy of this code takes the socket the early script’s own copy opened (they meet on the window)', async () => {
    const { sockets, createSocket, env } = environment('/cameras/Porch');
    vi.resetModules();
    const earlyScriptCopy = await import('./live-early');
    earlyScriptCopy.startEarlyLive(env);
    sockets[0]!.open();
    player('Porch', createSocket);
    expect(sockets).toHaveLength(1);
  });

  it('another camera or transport opens its own socket; the early one closes when nobody took it', async () => {
    const { sockets, createSocket, env } = environment('/cameras/Porch');
    startEarlyLive(env);
    sockets[0]!.open();
    player('Garden', createSocket);
    player('Porch', createSocket, false); // MSE: the early socket asked for WebRTC
    expect(sockets.map((s) => s.url)).toEqual(['ws://h/api/cameras/Porch/live?transport=webrtc', 'ws://h/api/cameras/Garden/live?transport=webrtc', 'ws://h/api/cameras/Porch/live']);
    await vi.advanceTimersByTimeAsync(UNCLAIMED_MS);
    expect(sockets[0]!.readyState).toBe(3);
    expect(FakePeerConnection.all[0]!.closed).toBe(true);
  });

  it('the app drops an untaken early socket and its picture at once when it leaves the camera or finds no such camera', () => {
    const { sockets, env } = environment('/cameras/Porch');
    startEarlyLive(env);
    showEarlyPicture(document);
    sockets[0]!.open();
    releaseEarlyLive('/cameras/Porch'); // still its page: kept for the player
    releaseEarlyLive('/cameras/Porch/feed');
    expect(sockets[0]!.readyState).toBe(1);
    expect(document.querySelector('.early-picture')).not.toBeNull();
    releaseEarlyLive('/login'); // redirected: long before UNCLAIMED_MS
    expect(sockets[0]!.readyState).toBe(3);
    expect(FakePeerConnection.all[0]!.closed).toBe(true);
    expect(document.querySelector('.early-picture')).toBeNull();

    const second = environment('/cameras/Porch');
    startEarlyLive(second.env);
    second.sockets[0]!.open();
    releaseEarlyLive(null); // the camera page found no such camera
    expect(second.sockets[0]!.readyState).toBe(3);
  });

  it('a socket the server closed before the player came is not taken', () => {
    const { sockets, createSocket, env } = environment('/cameras/Porch');
    startEarlyLive(env);
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'error', code: 'FORBIDDEN', message: 'no access' });
    sockets[0]!.readyState = 3;
    sockets[0]!.onclose?.();
    player('Porch', createSocket);
    expect(sockets).toHaveLength(2);
    expect(FakePeerConnection.all[0]!.closed).toBe(true);
  });
});
