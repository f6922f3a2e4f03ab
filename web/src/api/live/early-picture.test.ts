import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakePeerConnection, FakeSocket, stubWebrtcGlobals } from '../../test/live-fakes';
import { LiveConnection } from './live-connection';
import { claimEarlyLive, earlyPictureFor, earlyPictureShown, showEarlyPicture, startEarlyLive, UNCLAIMED_MS } from './live-early';

const MIME = 'video/mp4; codecs="avc1.42C01F"';

/** A SourceBuffer that records appends and finishes each at once. */
class FakeSourceBuffer extends EventTarget {
  updating = false;
  readonly appended: ArrayBuffer[] = [];
  appendBuffer(data: ArrayBuffer) {
    this.appended.push(data);
    queueMicrotask(() => this.dispatchEvent(new Event('updateend')));
  }
  remove() {}
}

class FakeMediaSource extends EventTarget {
  static all: FakeMediaSource[] = [];
  static isTypeSupported = (type: string) => type === MIME;
  readonly buffers: FakeSourceBuffer[] = [];
  constructor() {
    super();
    FakeMediaSource.all.push(this);
  }
  addSourceBuffer() {
    const buffer = new FakeSourceBuffer();
    this.buffers.push(buffer);
    return buffer;
  }
  open() {
    this.dispatchEvent(new Event('sourceopen'));
  }
}

/** An early socket on /cameras/Porch with its picture; `webrtc` false as in a browser without RTCPeerConnection. */
function earlyPage(webrtc: boolean, onSocket?: () => void) {
  if (!webrtc) vi.stubGlobal('RTCPeerConnection', undefined);
  const sockets: FakeSocket[] = [];
  const createSocket = (url: string) => {
    onSocket?.();
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket as unknown as WebSocket;
  };
  startEarlyLive({ location: { protocol: 'http:', host: 'h', pathname: '/cameras/Porch' }, storage: { getItem: () => JSON.stringify({ access_token: 'token' }) }, createSocket });
  const picture = showEarlyPicture(document)!;
  const socket = sockets[0]!;
  socket.open();
  return { picture, socket, sockets, createSocket };
}

const bytes = (n: number) => new Uint8Array([n]).buffer;
const layer = () => document.querySelector('.early-picture');

describe('the early picture (a camera page opened from nothing)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubWebrtcGlobals();
    FakeMediaSource.all = [];
    vi.stubGlobal('MediaSource', FakeMediaSource);
    vi.stubGlobal('URL', { ...URL, createObjectURL: () => 'blob:picture', revokeObjectURL: () => undefined });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  });
  afterEach(() => {
    vi.advanceTimersByTime(UNCLAIMED_MS);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });

  it('plays MSE before the app; the player adopts its <video>, MediaSink and socket and goes on from there', async () => {
    const { picture, socket, sockets, createSocket } = earlyPage(false);
    expect(layer()?.contains(picture.video)).toBe(true);
    socket.receive({ type: 'state', state: 'streaming', reason: null });
    socket.receive({ type: 'init', mimeType: MIME, transcoding: false });
    socket.onmessage?.({ data: bytes(1) }); // init segment
    socket.onmessage?.({ data: bytes(2) }); // the buffered GOP
    const source = FakeMediaSource.all[0]!;
    expect(picture.video.getAttribute('src')).toBe('blob:picture');
    source.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(source.buffers[0]!.appended).toEqual([bytes(1), bytes(2)]); // playing, with no app yet

    // The app renders the player: it puts the picture in its place and starts on that very element.
    expect(earlyPictureFor('Porch', 'main')).toBe(picture);
    const slot = document.createElement('div');
    document.body.append(slot);
    picture.adoptInto(slot);
    expect(layer()).toBeNull();
    expect(slot.firstChild).toBe(picture.video);
    const connection = new LiveConnection({ camera: 'Porch', getToken: () => 'token', location: { protocol: 'http:', host: 'h' }, createSocket });
    connection.start(picture.video);
    expect(sockets).toHaveLength(1); // the same socket
    expect(FakeMediaSource.all).toHaveLength(1); // and the same MediaSource: the picture is not started over
    expect(connection.getState()).toMatchObject({ status: 'connecting', transport: 'mse', mimeType: MIME }); // the replayed init
    socket.onmessage?.({ data: bytes(3) });
    await vi.advanceTimersByTimeAsync(0);
    expect(source.buffers[0]!.appended).toEqual([bytes(1), bytes(2), bytes(3)]);
    connection.stop();
  });

  it('shows the WebRTC track as soon as it comes; the player keeps the stream on the element (no reload)', async () => {
    const { picture, socket, createSocket } = earlyPage(true);
    socket.receive({ type: 'webrtc-answer', sdp: 'v=0 answer' });
    await vi.advanceTimersByTimeAsync(0);
    const stream = new EventTarget();
    const receiver = { jitterBufferTarget: null as number | null };
    FakePeerConnection.all[0]!.ontrack?.({ track: { kind: 'video' }, streams: [stream], receiver });
    expect(picture.video.srcObject).toBe(stream);
    // No playout delay from the early picture's first frame on, not only once the player adopted it.
    expect(receiver.jitterBufferTarget).toBe(0);
    const assigned = vi.fn();
    Object.defineProperty(picture.video, 'srcObject', { get: () => stream, set: assigned, configurable: true });
    picture.adoptInto(document.body);
    const connection = new LiveConnection({ camera: 'Porch', getToken: () => 'token', location: { protocol: 'http:', host: 'h' }, webrtc: true, createSocket });
    connection.start(picture.video);
    expect(assigned).not.toHaveBeenCalled();
    expect(FakePeerConnection.all).toHaveLength(1);
    connection.stop();
  });

  it('opens the socket before the peer connection (the first one starts the browser’s WebRTC stack), and offers once open', async () => {
    const order: string[] = [];
    const created = FakePeerConnection.all.length;
    const { socket } = earlyPage(true, () => order.push(`socket, peers before: ${FakePeerConnection.all.length - created}`));
    expect(order).toEqual(['socket, peers before: 0']);
    expect(FakePeerConnection.all).toHaveLength(created + 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token' }, { type: 'webrtc-offer', sdp: 'v=0 offer' }]);
  });

  it('a player on another element does not take a socket the picture read; a failing socket takes the picture away', () => {
    const { socket } = earlyPage(false);
    expect(claimEarlyLive('Porch', 'main', false, document.createElement('video'))).toBeNull();
    expect(socket.readyState).toBe(3);
    expect(layer()).toBeNull();

    const second = earlyPage(false);
    second.socket.receive({ type: 'error', code: 'FORBIDDEN', message: 'no access' });
    expect(layer()).toBeNull(); // the app shows the page as it is, nothing over it
    expect(earlyPictureFor('Porch', 'main')).toBeNull();
  });

  it('the app starts once the picture shows, or after the wait at the latest; at once without one', async () => {
    let started = false;
    void earlyPictureShown(400).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(true);
    // The app is starting: an early script that runs only now leaves the page alone.
    expect(startEarlyLive({ location: { protocol: 'http:', host: 'h', pathname: '/cameras/Porch' }, storage: { getItem: () => '{"access_token":"t"}' } })).toBeNull();
  });
});
