import { liveMessage, parseLiveClientMessage, type CameraState, type ErrorCode, type LiveServerMessage } from '@homecam/shared';
import type { RawData, WebSocket } from 'ws';
import { isAppError } from '../../errors/app-error.js';
import type { Consumer } from '../../media/index.js';
import { isSameOrigin } from '../../security/same-origin.js';
import type { AuthContext } from '../../services/auth.service.js';
import { HeldSignalling } from '../../webrtc/held-signalling.js';
import { LiveWebrtc } from '../../webrtc/live-webrtc.js';
import { BinarySender } from './binary-sender.js';
import { LiveTalk } from './live-talk.js';
import { closeCodeFor, rawText, type LiveDeps, type LiveRequest } from './live-types.js';
import { afterChange, liveRefusal, liveRuleRefusal, type PermissionChange } from './live-access.js';

export { LIVE_ACCESS } from './live-access.js';
export { closeCodeFor, type LiveDeps, type LiveRequest } from './live-types.js';

const OPEN = 1;

/**
 * One live viewer on `/api/cameras/:name/live`: authenticates (cookie/header, else a first `auth` message within
 * 5 s), checks the Origin and the access rule, attaches a hub consumer and pumps it: init message + init
 * segment, the buffered GOP from the newest keyframe, live fragments; `state` messages; pause/resume.
 * A viewer whose socket falls behind stops reading its consumer, whose bounded queue then drops to the next
 * keyframe: it never slows the upstream or another viewer.
 */
export class LiveSession {
  private phase: 'auth' | 'live' | 'closed' = 'auth';
  private consumer: Consumer | null = null;
  private paused = false;
  private cameraName: string;
  private authTimer: ReturnType<typeof setTimeout> | null = null;
  /** The last state sent: attaching starts the stream, whose 'starting' event would repeat the first message. */
  private lastState: string | null = null;
  private readonly cleanups: (() => void)[] = [];
  /** The viewer once signed in; permission changes are checked against it. */
  private auth: AuthContext | null = null;
  /** Permission changes published while the token was being checked: the user read may predate them. */
  private readonly changesDuringAuth: PermissionChange[] = [];
  private webrtc: LiveWebrtc | null = null;
  /** Press to talk (issue 22): only on a WebRTC socket, whose peer carries the microphone. */
  private talk: LiveTalk | null = null;
  /** The WebRTC offer and candidates that arrived before there was a peer (from the sign-in on); LiveWebrtc answers from it. */
  private readonly pendingSignalling = new HeldSignalling();
  /** Bumped by every attach and pause: an attach that finds it changed lost a race and lets its consumer go. */
  private attachGeneration = 0;
  private readonly media: BinarySender;

  constructor(
    private readonly ws: WebSocket,
    private readonly request: LiveRequest,
    private readonly deps: LiveDeps,
  ) {
    this.cameraName = request.camera;
    this.media = new BinarySender(ws);
  }

  start(): void {
    this.ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    this.ws.once('close', () => this.dispose());
    this.cleanups.push(this.deps.bus.subscribe('UserPermissionsChanged', (change) => this.onPermissionsChanged(change)));
    if (!isSameOrigin(this.request.raw)) {
      this.fail('FORBIDDEN', 'the page is not from this server');
      return;
    }
    this.authTimer = setTimeout(() => this.fail('UNAUTHENTICATED', 'sign-in required: send {"type":"auth","token":"..."} first'), this.deps.authTimeoutMs ?? 5_000);
    if (this.request.token) void this.authenticate(this.request.token, true);
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.phase === 'closed') return;
    const message = isBinary ? null : parseLiveClientMessage(rawText(data));
    if (this.phase === 'auth') {
      if (message?.type === 'auth') void this.authenticate(message.token, false);
      else if (message && this.request.transport === 'webrtc' && this.pendingSignalling.hold(message)) return;
      else this.fail('UNAUTHENTICATED', 'sign-in required: the first message must be {"type":"auth","token":"..."}');
      return;
    }
    // Anything else after sign-in (unknown, malformed, a second auth) is ignored, as before.
    if (message && this.webrtc?.handle(message)) return;
    if (message?.type === 'talk') LiveTalk.handle(this.talk, message.on, (refusal) => this.sendText(refusal));
    else if (message?.type === 'pause') this.pause();
    else if (message?.type === 'resume') void this.resume();
  }

  /** A failing cookie is not final (the client may still send its token); a failing auth message is. */
  private async authenticate(token: string, fromCookie: boolean): Promise<void> {
    let auth: AuthContext;
    try {
      auth = await this.deps.auth.authenticate(token, { ip: this.request.ip ?? null, userAgent: null });
    } catch (error) {
      if (fromCookie || this.phase !== 'auth') return;
      if (isAppError(error)) this.fail(error.code, error.message);
      else this.internal(error);
      return;
    }
    if (this.phase !== 'auth') return;
    auth = afterChange(auth, this.changesDuringAuth.filter((change) => change.userId === auth.user.id).at(-1));
    const refusal = liveRuleRefusal(auth);
    if (refusal) return this.fail(...refusal);
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = null;
    this.phase = 'live';
    this.auth = auth;
    this.followSession(auth);
    const camera = this.deps.cameras.find(this.request.camera);
    if (!camera) return this.fail('CAMERA_NOT_FOUND', 'camera not found');
    const refused = liveRefusal(auth, camera.name);
    if (refused) return this.fail(...refused);
    this.cameraName = camera.name;
    this.cleanups.push(
      this.deps.streams.onStreamState((event) => {
        if (event.camera === this.cameraName && event.stream === this.request.stream && !this.paused) {
          this.sendState(event.state, event.reason);
        }
      }),
    );
    this.request.log.debug({ camera: camera.name, stream: this.request.stream, userId: auth.user.id }, 'live viewer joined');
    if (this.request.transport === 'webrtc') this.startWebrtc();
    else await this.attach();
  }

  /** WebRTC first: it attaches (and re-attaches for MSE when it is declined) through `reattach`. */
  private startWebrtc(): void {
    const send = (message: LiveServerMessage): void => this.sendText(message);
    this.talk = LiveTalk.forSocket(this.deps.talk, { camera: () => this.cameraName, owner: this.request.id, microphonePayloadType: () => this.webrtc?.microphonePayloadType ?? null, send });
    const webrtc = new LiveWebrtc({
      send,
      held: this.pendingSignalling,
      reattach: () => this.reattach(),
      microphone: (packet) => this.talk?.microphone(packet),
      settings: () => this.deps.webrtc?.() ?? { active: true },
      codecs: () => this.streamStatus()?.codecs,
      transcoding: () => this.transcoding(),
      audio: () => (this.deps.cameras.find(this.cameraName)?.videoConfig.audio === false ? null : { streams: this.deps.streams, camera: this.cameraName, stream: this.request.stream }),
      label: `webrtc:${this.request.id}`,
      log: this.request.log,
    });
    this.webrtc = webrtc;
    // The viewer's place first (attach checks maxStreams): only then is the offer answered (N12).
    void this.attach();
  }

  /** Swaps the consumer (now for WebRTC, or for MSE when it was declined) without giving up the viewer's place. */
  private reattach(): void {
    const consumer = this.consumer;
    this.consumer = null;
    if (this.phase === 'live' && !this.paused) void this.attach(consumer ?? undefined);
    else consumer?.close();
  }

  /** The session ending (sign-out elsewhere, user deleted, expiry) ends the viewer too. */
  private followSession(auth: AuthContext): void {
    this.cleanups.push(
      this.deps.bus.subscribe('SessionsEnded', ({ sessionIds }) => {
        if (sessionIds.includes(auth.sessionId)) this.fail('UNAUTHENTICATED', 'the session ended');
      }),
      this.deps.clock.setTimer(Date.parse(auth.expiresAt) - this.deps.clock.now(), () => this.fail('SESSION_EXPIRED', 'the session expired')),
    );
  }

  /** Permissions or camera list changed: a viewer that may no longer watch is closed at once (4403, or 4404 as if gone). */
  private onPermissionsChanged(change: PermissionChange): void {
    if (this.phase === 'auth') {
      this.changesDuringAuth.push(change);
      return;
    }
    if (this.phase !== 'live' || !this.auth || change.userId !== this.auth.user.id) return;
    this.auth = afterChange(this.auth, change);
    const refusal = liveRefusal(this.auth, this.cameraName);
    if (refusal) this.fail(...refusal);
  }

  /** `replacing`: the session's previous consumer, whose place the new one takes (closed once it is attached). */
  private async attach(replacing?: Consumer): Promise<void> {
    const generation = ++this.attachGeneration;
    const webrtc = this.webrtc?.active ? this.webrtc : null;
    let consumer: Consumer;
    try {
      const label = `${webrtc ? 'webrtc' : 'ws'}:${this.request.id}`;
      consumer = await this.deps.streams.attach(this.cameraName, this.request.stream, { kind: 'viewer', label, replaces: replacing });
    } catch (error) {
      replacing?.close();
      if (isAppError(error)) this.fail(error.code, error.message);
      else this.internal(error);
      return;
    }
    replacing?.close();
    if (this.phase !== 'live' || this.paused || generation !== this.attachGeneration) {
      consumer.close();
      return;
    }
    this.consumer = consumer;
    try {
      const { state, reason } = this.deps.streams.streamState(this.cameraName, this.request.stream);
      this.sendState(state, reason);
    } catch {
      // the camera went away meanwhile: the consumer is closed and pump() reports it
    }
    if (webrtc && !webrtc.begun) {
      // The place is held: now the offer may be answered (the answer re-attaches for the peer).
      webrtc.begin();
      return;
    }
    if (!webrtc) return void this.pump(consumer);
    void webrtc.pump(consumer, () => this.consumer === consumer).then((result) => {
      if (result === 'ended' && this.consumer === consumer) this.hubClosed();
    });
  }

  private async pump(consumer: Consumer): Promise<void> {
    const highWater = this.deps.highWaterBytes ?? 1024 * 1024;
    for (;;) {
      const item = consumer.tryRead() ?? (await consumer.read());
      if (this.consumer !== consumer) return; // paused or closed meanwhile
      if (item === null) return this.hubClosed();
      if (this.ws.readyState !== OPEN) return;
      if (item.type === 'init') {
        const transcoding = this.transcoding();
        this.sendText(liveMessage.init(item.mimeType, transcoding));
      }
      const sent = this.media.send(item.data);
      // Behind: wait until the socket took it, meanwhile the consumer's bounded queue absorbs or drops.
      if (this.ws.bufferedAmount > highWater) await this.media.written(sent);
    }
  }

  /** The hub closed the consumer: the camera was removed, renamed, disabled or put in privacy mode. */
  private hubClosed(): void {
    const camera = this.deps.cameras.find(this.cameraName);
    if (camera?.disable) this.fail('CAMERA_OFFLINE', 'the camera is disabled');
    else if (camera?.privacyMode) this.fail('PRIVACY_MODE', 'the camera is in privacy mode');
    else this.fail('CAMERA_NOT_FOUND', 'the camera was removed or renamed');
  }

  private streamStatus = (): { transcoding: boolean; codecs?: string } | null => this.deps.streams.codecs(this.cameraName, this.request.stream);
  private transcoding = (): boolean => this.streamStatus()?.transcoding ?? false;

  /** Hidden tab, off-screen tile: detach, so a long pause lets the upstream stop after its idle time-out. */
  private pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.attachGeneration++;
    const consumer = this.consumer;
    this.consumer = null;
    consumer?.close();
  }

  /** Attaches again: a new init segment and the buffered GOP follow. */
  private async resume(): Promise<void> {
    if (!this.paused || this.phase !== 'live') return;
    this.paused = false;
    this.lastState = null;
    await this.attach();
  }

  private sendState(state: CameraState, reason: string | null): void {
    const key = `${state}\u0000${reason ?? ''}`;
    if (key === this.lastState) return;
    this.lastState = key;
    this.sendText(liveMessage.state(state, reason));
  }

  private sendText(message: LiveServerMessage): void {
    if (this.ws.readyState === OPEN) this.ws.send(JSON.stringify(message));
  }

  private internal(error: unknown): void {
    this.request.log.error({ err: error }, 'live viewer failed');
    this.fail('INTERNAL', 'internal server error');
  }

  /** Sends the error message, then closes with 4000 + its HTTP status. */
  private fail(code: ErrorCode, message: string): void {
    if (this.phase === 'closed') return;
    this.sendText(liveMessage.error(code, message));
    this.dispose();
    if (this.ws.readyState === OPEN) this.ws.close(closeCodeFor(code), code);
  }

  private dispose(): void {
    if (this.phase === 'closed') return;
    this.phase = 'closed';
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = null;
    this.webrtc?.close();
    this.talk?.close();
    const consumer = this.consumer;
    this.consumer = null;
    consumer?.close();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }
}
