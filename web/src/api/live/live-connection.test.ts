import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/live-fakes';
import { LiveConnection, liveSocketUrl } from './live-connection';

function fakeVideo() {
  return {
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    removeAttribute: vi.fn(),
    load: vi.fn(),
    pause: vi.fn(),
    play: vi.fn(() => Promise.resolve()),
    paused: true,
    buffered: { length: 0, start: () => 0, end: () => 0 },
  } as unknown as HTMLVideoElement;
}

function setup(token: string | null = 'secret-token') {
  const sockets: FakeSocket[] = [];
  const connection = new LiveConnection({
    camera: 'Front door',
    getToken: () => token,
    location: { protocol: 'https:', host: 'cams.example:8443' },
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  connection.start(fakeVideo());
  return { connection, sockets, last: () => sockets[sockets.length - 1] as FakeSocket };
}

describe('live connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens a same-origin socket without the token in the URL and signs in with the first message', () => {
    const { sockets, last } = setup();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('wss://cams.example:8443/api/cameras/Front%20door/live');
    expect(last().url).not.toContain('secret-token');
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'secret-token' }]);
    expect(liveSocketUrl({ protocol: 'http:', host: 'h' }, 'a', 'sub')).toBe('ws://h/api/cameras/a/live?stream=sub');
  });

  it('relies on the session cookie when no token is stored', () => {
    const { last } = setup(null);
    last().open();
    expect(last().sent).toEqual([]);
  });

  it('sends pause and resume once signed in', () => {
    const { connection, last } = setup();
    last().open();
    last().receive({ type: 'state', state: 'streaming', reason: null });
    connection.setPaused('hidden', true);
    connection.setPaused('offscreen', true);
    expect(connection.getState().status).toBe('paused');
    connection.setPaused('hidden', false);
    expect(connection.getState().status).toBe('paused');
    connection.setPaused('offscreen', false);
    expect(last().sent.slice(1)).toEqual([{ type: 'pause' }, { type: 'resume' }]);
    expect(connection.getState().status).toBe('connecting');
  });

  it('closes instead of pausing before the sign-in was answered, and reconnects on resume', () => {
    const { connection, sockets, last } = setup();
    last().open();
    connection.setPaused('hidden', true);
    expect(sockets[0]?.closed).toBe(true);
    connection.setPaused('hidden', false);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects with backoff after the socket closes', () => {
    const { connection, sockets, last } = setup();
    last().drop();
    expect(connection.getState()).toMatchObject({ status: 'reconnecting', attempt: 1 });
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('stops on MAX_STREAMS_REACHED until reloaded', () => {
    const { connection, sockets, last } = setup();
    last().open();
    last().receive({ type: 'error', code: 'MAX_STREAMS_REACHED', message: 'full' });
    last().drop();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    expect(connection.getState()).toMatchObject({ status: 'error', errorCode: 'MAX_STREAMS_REACHED' });
    connection.reload();
    expect(sockets).toHaveLength(2);
    expect(connection.getState().status).toBe('connecting');
  });

  it('says so when the browser cannot play the codec', () => {
    vi.stubGlobal('MediaSource', { isTypeSupported: () => false });
    const { connection, last } = setup();
    last().open();
    last().receive({ type: 'init', mimeType: 'video/mp4; codecs="hvc1.1.6.L93.B0"', transcoding: false });
    expect(connection.getState()).toMatchObject({ status: 'error', errorCode: 'CODEC_UNSUPPORTED' });
    expect(last().closed).toBe(true);
  });

  it('reconnects when nothing arrives for 15 s', () => {
    const { sockets, last } = setup();
    last().open();
    last().receive({ type: 'state', state: 'starting', reason: null });
    vi.advanceTimersByTime(15_300);
    expect(sockets[0]?.closed).toBe(true);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
  });

  it('ignores and logs messages outside the shared schema, and keeps working', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { connection, sockets, last } = setup();
    last().open();
    const before = connection.getState();
    last().receive({ type: 'hello' });
    last().receive({ type: 'state', state: 'exploded', reason: null });
    last().receive({ type: 'init', mimeType: 42, transcoding: false });
    last().receiveText('not json');
    expect(connection.getState()).toBe(before);
    expect(warn).toHaveBeenCalledTimes(4);
    expect(String(warn.mock.calls[1]?.[1])).toContain('exploded');
    // None of them counted as the server's answer to the sign-in: pausing still closes instead of sending `pause`.
    connection.setPaused('user', true);
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets[0]?.sent).toEqual([{ type: 'auth', token: 'secret-token' }]);
    connection.setPaused('user', false);
    last().open();
    last().receive({ type: 'error', code: 'MAX_STREAMS_REACHED', message: 'full' });
    expect(connection.getState()).toMatchObject({ status: 'error', errorCode: 'MAX_STREAMS_REACHED' });
    warn.mockRestore();
  });
});
