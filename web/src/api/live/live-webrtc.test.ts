import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePeerConnection, FakeSocket, fakeWebrtcVideo as fakeVideo, stubWebrtcGlobals } from '../../test/live-fakes';
import { LiveConnection } from './live-connection';
import { WEBRTC_FRAME_TIMEOUT_MS } from './webrtc-link';

async function setup() {
  const sockets: FakeSocket[] = [];
  const { video, showFrame } = fakeVideo();
  const connection = new LiveConnection({
    camera: 'Porch',
    getToken: () => 'token',
    location: { protocol: 'http:', host: 'h' },
    webrtc: true,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  connection.start(video as unknown as HTMLVideoElement);
  const socket = sockets[0]!;
  socket.open();
  await vi.advanceTimersByTimeAsync(0);
  return { connection, sockets, socket, video, showFrame, pc: FakePeerConnection.all.at(-1)! };
}

describe('live connection over WebRTC', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubWebrtcGlobals();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for WebRTC, sends the offer after the sign-in, plays the answered track and says WebRTC', async () => {
    const { connection, socket, video, showFrame, pc } = await setup();
    expect(socket.url).toBe('ws://h/api/cameras/Porch/live?transport=webrtc');
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token' }, { type: 'webrtc-offer', sdp: 'v=0 offer' }]);
    socket.receive({ type: 'webrtc-answer', sdp: 'v=0 answer' });
    await vi.advanceTimersByTimeAsync(0);
    expect(pc.remote).toBe('v=0 answer');
    const stream = { id: 'stream' };
    pc.ontrack?.({ track: {}, streams: [stream], receiver: {} });
    expect(video.srcObject).toBe(stream);
    showFrame();
    expect(connection.getState()).toMatchObject({ status: 'playing', transport: 'webrtc', fallback: null });
    // playing WebRTC: the quiet socket is not taken for a stalled one
    await vi.advanceTimersByTimeAsync(20_000);
    expect(connection.getState().status).toBe('playing');
    expect(pc.closed).toBe(false);
  });

  it('offers sendrecv audio (the camera’s sound, and the microphone for press to talk) and plays the answered sound in the picture’s stream, which enables the mute button', async () => {
    const { connection, socket, showFrame, video, pc } = await setup();
    expect(pc.transceivers).toEqual([['video', { direction: 'recvonly' }], ['audio', { direction: 'sendrecv' }]]);
    // picture and sound on one ICE transport from the offer on (not one per kind until the answer bundles them)
    expect(pc.config.bundlePolicy).toBe('max-bundle');
    socket.receive({ type: 'webrtc-answer', sdp: 'v=0 answer' });
    await vi.advanceTimersByTimeAsync(0);
    const added: object[] = [];
    const stream = { id: 'stream', getTracks: () => added, addTrack: (track: object) => added.push(track) };
    const sound = { kind: 'audio' };
    pc.ontrack?.({ track: sound, streams: [{ id: 'homecam-audio' }], receiver: {} }); // before the picture: kept
    pc.ontrack?.({ track: { kind: 'video' }, streams: [stream], receiver: {} });
    expect(video.srcObject).toBe(stream);
    expect(added).toEqual([sound]);
    showFrame();
    expect(connection.getState()).toMatchObject({ transport: 'webrtc', audio: true });
  });

  it('sends the offer once the socket is open, with the candidates gathered by then, never waiting for more; later ones go at once (the server holds them until it has its peer)', async () => {
    vi.stubGlobal(
      'RTCPeerConnection',
      class extends FakePeerConnection {
        override iceGatheringState = 'gathering';
      },
    );
    const sockets: FakeSocket[] = [];
    const connection = new LiveConnection({
      camera: 'Porch',
      getToken: () => 'token',
      location: { protocol: 'http:', host: 'h' },
      webrtc: true,
      createSocket: (url) => sockets[sockets.push(new FakeSocket(url)) - 1] as unknown as WebSocket,
    });
    connection.start(fakeVideo().video as unknown as HTMLVideoElement);
    await vi.advanceTimersByTimeAsync(0);
    const pc = FakePeerConnection.all.at(-1)!;
    const socket = sockets[0]!;
    expect(socket.sent).toEqual([]); // not open yet
    // Chromium adds each candidate to the local description as it finds it: the ones found while the socket connected
    pc.localDescription = { sdp: 'v=0 offer\r\na=candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host' };
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token' }, { type: 'webrtc-offer', sdp: 'v=0 offer\r\na=candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host' }]);
    pc.onicecandidate?.({ candidate: { candidate: 'candidate:2 1 udp 2122194687 192.0.2.2 50001 typ host', sdpMid: '0' } });
    // not held until the answer: given to the server's peer with the offer, it is checked at once
    expect(socket.sent).toHaveLength(3);
    expect(socket.sent.at(-1)).toEqual({ type: 'webrtc-candidate', candidate: 'candidate:2 1 udp 2122194687 192.0.2.2 50001 typ host', mid: '0' });
    socket.receive({ type: 'webrtc-answer', sdp: 'v=0 answer' });
    await vi.advanceTimersByTimeAsync(0);
    pc.onicecandidate?.({ candidate: { candidate: 'candidate:3 1 udp 2122129151 fd00::2 50002 typ host', sdpMid: '0' } });
    expect(socket.sent.at(-1)).toEqual({ type: 'webrtc-candidate', candidate: 'candidate:3 1 udp 2122129151 fd00::2 50002 typ host', mid: '0' });
    expect(socket.sent).toHaveLength(4);
    connection.stop();
  });

  it('switches to MSE on the same socket when the server declines, and keeps the reason', async () => {
    const { connection, socket, sockets, pc, video } = await setup();
    socket.receive({ type: 'webrtc-unavailable', reason: 'B_FRAMES' });
    expect(pc.closed).toBe(true);
    expect(video.srcObject).toBeNull();
    expect(connection.getState()).toMatchObject({ transport: 'mse', fallback: 'B_FRAMES' });
    expect(socket.sent.map((m) => m.type)).not.toContain('webrtc-fallback');
    expect(sockets).toHaveLength(1);
  });

  it('gives up after 3 s without a frame: tells the server, and later reconnects go straight to MSE', async () => {
    const { connection, socket, sockets, pc } = await setup();
    socket.receive({ type: 'webrtc-answer', sdp: 'v=0 answer' });
    await vi.advanceTimersByTimeAsync(WEBRTC_FRAME_TIMEOUT_MS - 100);
    expect(pc.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(pc.closed).toBe(true);
    expect(socket.sent.at(-1)).toEqual({ type: 'webrtc-fallback' });
    expect(connection.getState()).toMatchObject({ transport: 'mse', fallback: 'NO_FRAME' });
    socket.readyState = 3;
    socket.onclose?.();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets.length).toBeGreaterThan(1);
    expect(sockets.at(-1)!.url).toBe('ws://h/api/cameras/Porch/live');
  });

  it('falls back at once when ICE fails', async () => {
    const { connection, socket, pc } = await setup();
    socket.receive({ type: 'webrtc-answer', sdp: 'v=0 answer' });
    await vi.advanceTimersByTimeAsync(0);
    pc.connectionState = 'failed';
    pc.onconnectionstatechange?.();
    expect(socket.sent.at(-1)).toEqual({ type: 'webrtc-fallback' });
    expect(connection.getState()).toMatchObject({ transport: 'mse', fallback: 'ICE_FAILED' });
  });

  it('after a camera outage the moving WebRTC picture makes it play again', async () => {
    const { connection, socket, video, showFrame, pc } = await setup();
    socket.receive({ type: 'webrtc-answer', sdp: 'v=0 answer' });
    await vi.advanceTimersByTimeAsync(0);
    pc.ontrack?.({ track: {}, streams: [{}], receiver: {} });
    showFrame();
    socket.receive({ type: 'state', state: 'offline', reason: 'camera unreachable' });
    expect(connection.getState().status).toBe('offline');
    socket.receive({ type: 'state', state: 'streaming', reason: null });
    expect(connection.getState().status).toBe('connecting');
    video.listeners.get('timeupdate')?.();
    expect(connection.getState()).toMatchObject({ status: 'playing', transport: 'webrtc' });
    expect(pc.closed).toBe(false);
  });
});

