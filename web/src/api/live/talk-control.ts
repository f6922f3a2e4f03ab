import { parseLiveServerMessage } from '@homecam/shared';
import { createStore } from '../../lib/create-store';
import type { LiveLink } from './live-link';

/**
 * `idle`: not talking. `starting`: the microphone or the camera's backchannel is being opened. `talking`: the
 * camera plays what the microphone hears. `error`: the last press failed, with a code the page translates
 * (`MIC_DENIED`, `MIC_UNAVAILABLE`, `TALK_BUSY`, `TALK_UNAVAILABLE`, `FORBIDDEN`, ...).
 */
export interface TalkState {
  status: 'idle' | 'starting' | 'talking' | 'error';
  error: string | null;
}

const IDLE: TalkState = { status: 'idle', error: null };

/** Why getUserMedia failed, as a code: the user or the browser refused, or there is no microphone at all. */
function microphoneError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'MIC_DENIED' : 'MIC_UNAVAILABLE';
}

/** The browser's getUserMedia; a page without it (plain http on another host, an old browser) has no microphone. */
function browserMicrophone(constraints: MediaStreamConstraints): Promise<MediaStream> {
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return Promise.reject(new DOMException('no media devices', 'NotFoundError'));
  return navigator.mediaDevices.getUserMedia(constraints);
}

/**
 * Press to talk on a live player (issue 22): while the button is held, the microphone's track rides the live view's
 * WebRTC peer (replaceTrack, no new negotiation) and `{type:'talk', on:true}` asks the server to pass it to the
 * camera's backchannel. Releasing stops the track (the browser's microphone indicator goes off) and tells the server.
 */
export class TalkControl {
  private readonly store = createStore<TalkState>(IDLE);
  private microphone: MediaStream | null = null;
  private link: LiveLink | null = null;
  private held = false;

  constructor(
    private readonly liveLink: () => LiveLink | null,
    private readonly getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream> = browserMicrophone,
  ) {}

  readonly getState = this.store.getSnapshot;
  readonly subscribe = this.store.subscribe;

  async press(): Promise<void> {
    if (this.held) return;
    this.held = true;
    const link = this.liveLink();
    if (!link?.peer || !link.open) return this.fail('TALK_UNAVAILABLE');
    this.store.set({ status: 'starting', error: null });
    let microphone: MediaStream;
    try {
      microphone = await this.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
    } catch (error) {
      return this.fail(microphoneError(error));
    }
    if (!this.held) return void microphone.getTracks().forEach((track) => track.stop()); // released meanwhile
    this.microphone = microphone;
    this.link = link;
    link.onTalk = (text) => this.onAnswer(text);
    await link.peer.setMicrophone(microphone.getAudioTracks()[0] ?? null).catch(() => undefined);
    link.send({ type: 'talk', on: true });
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.link?.send({ type: 'talk', on: false });
    this.stopMicrophone();
    if (this.store.getSnapshot().status !== 'error') this.store.set(IDLE);
  }

  dispose(): void {
    this.release();
    if (this.link) this.link.onTalk = null;
    this.link = null;
  }

  private onAnswer(text: string): void {
    const message = parseLiveServerMessage(text);
    if (message?.type !== 'talk') return;
    if (message.state === 'talking' && this.held) this.store.set({ status: 'talking', error: null });
    else if (message.state === 'refused') this.fail(message.code ?? 'TALK_UNAVAILABLE');
    else if (message.state === 'stopped' && this.store.getSnapshot().status === 'talking') this.store.set(IDLE);
  }

  private fail(code: string): void {
    this.stopMicrophone();
    this.store.set({ status: 'error', error: code });
  }

  private stopMicrophone(): void {
    void this.link?.peer?.setMicrophone(null).catch(() => undefined);
    for (const track of this.microphone?.getTracks() ?? []) track.stop();
    this.microphone = null;
  }
}
