import { vi } from 'vitest';

// Stand-ins for the browser's live-view APIs (tests of web/src/api/live).

/** A WebSocket stand-in: records what the client sends (parsed) and lets the test play the server. */
export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readyState = 0;
  binaryType = 'blob';
  sent: { type: string; [key: string]: unknown }[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string | ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type: string });
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** A text frame as it is, for what is not a valid message. */
  receiveText(text: string) {
    this.onmessage?.({ data: text });
  }
  /** The server (or the network) goes away. */
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

/** Just what the player uses of RTCPeerConnection; the test plays ICE, the track and the frames. */
export class FakePeerConnection extends EventTarget {
  static all: FakePeerConnection[] = [];
  iceGatheringState = 'complete';
  connectionState = 'new';
  localDescription: { sdp: string } | null = null;
  remote: string | null = null;
  closed = false;
  ontrack: ((event: { track: object; streams: object[]; receiver: object }) => void) | null = null;
  onicecandidate: ((event: { candidate: { candidate: string; sdpMid: string } | null }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration = {}) {
    super();
    FakePeerConnection.all.push(this);
  }
  transceivers: [string, object][] = [];
  addTransceiver(kind: string, init: object) {
    this.transceivers.push([kind, init]);
    return { setCodecPreferences: vi.fn() };
  }
  createOffer() {
    return Promise.resolve({ type: 'offer', sdp: 'v=0 offer' });
  }
  setLocalDescription(description: { sdp: string }) {
    this.localDescription = description;
    return Promise.resolve();
  }
  setRemoteDescription(description: { sdp: string }) {
    this.remote = description.sdp;
    return Promise.resolve();
  }
  addIceCandidate() {
    return Promise.resolve();
  }
  close() {
    this.closed = true;
  }
}

/** A <video> that records srcObject and lets the test show frames (requestVideoFrameCallback). */
export function fakeWebrtcVideo() {
  const frameCallbacks: (() => void)[] = [];
  const listeners = new Map<string, () => void>();
  const video = {
    listeners,
    readyState: 4,
    addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, listener)),
    removeEventListener: vi.fn(),
    removeAttribute: vi.fn(),
    load: vi.fn(),
    pause: vi.fn(),
    play: vi.fn(() => Promise.resolve()),
    paused: false,
    srcObject: null as object | null,
    buffered: { length: 0, start: () => 0, end: () => 0 },
    requestVideoFrameCallback: (callback: () => void) => frameCallbacks.push(callback),
  };
  return { video, showFrame: () => frameCallbacks.splice(0).forEach((callback) => callback()) };
}

/** WebSocket, RTCPeerConnection and RTCRtpReceiver replaced by the fakes above (undo with vi.unstubAllGlobals()). */
export function stubWebrtcGlobals(): void {
  FakePeerConnection.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('RTCRtpReceiver', { getCapabilities: () => ({ codecs: [{ mimeType: 'video/H264' }, { mimeType: 'video/VP8' }] }) });
}
