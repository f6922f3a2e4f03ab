import { liveMessage, type LiveServerMessage } from '@homecam/shared';
import { TalkError, type TalkService } from '../../talkback/talk-service.js';

export interface LiveTalkHost {
  talk: TalkService;
  camera(): string;
  /** The socket's id: one talker is one live socket. */
  owner: string;
  /** The Opus payload type of the peer's microphone track, or null (MSE, or an offer without sendrecv audio). */
  microphonePayloadType(): number | null;
  send(message: LiveServerMessage): void;
}

/**
 * Press to talk on one live socket (issue 22): `{type:'talk', on}` from the page presses or releases the camera's
 * backchannel, answered with `talk` talking / stopped / refused (coded). The socket's own access rule
 * (`cameras:access`) lets it talk; losing it, the session ending or the socket closing ends the socket and with it
 * `close()`, which tears the backchannel down at once.
 */
export class LiveTalk {
  /** What the page asked for last: a release that arrives while the press is still opening wins. */
  private wanted = false;
  private closed = false;

  constructor(private readonly host: LiveTalkHost) {}

  /** The socket's talk part, or null when the server has no talk service (the socket then refuses to talk). */
  static forSocket(talk: TalkService | undefined, host: Omit<LiveTalkHost, 'talk'>): LiveTalk | null {
    return talk ? new LiveTalk({ ...host, talk }) : null;
  }

  /** A talk message on a socket that cannot talk (MSE, or no talk service) is refused, never ignored. */
  static handle(talk: LiveTalk | null, on: boolean, send: (message: LiveServerMessage) => void): void {
    if (talk) talk.handle(on);
    else if (on) send(liveMessage.talk('refused', 'TALK_UNAVAILABLE'));
  }

  handle(on: boolean): void {
    if (this.closed) return;
    this.wanted = on;
    if (on) void this.press();
    else this.release();
  }

  microphone(packet: Buffer): void {
    if (!this.closed) this.host.talk.microphone(this.host.camera(), this.host.owner, packet);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.host.talk.end(this.host.owner);
  }

  private async press(): Promise<void> {
    const payloadType = this.host.microphonePayloadType();
    if (payloadType === null) return this.host.send(liveMessage.talk('refused', 'TALK_UNAVAILABLE'));
    const camera = this.host.camera();
    try {
      await this.host.talk.press(camera, this.host.owner, payloadType, () => this.ended(camera));
    } catch (error) {
      this.wanted = false;
      return this.host.send(liveMessage.talk('refused', error instanceof TalkError ? error.code : 'TALK_UNAVAILABLE'));
    }
    if (this.closed) return void this.host.talk.end(this.host.owner);
    if (!this.wanted) return this.release();
    this.host.send(liveMessage.talk('talking'));
  }

  private release(): void {
    const camera = this.host.camera();
    const talking = this.host.talk.talking(camera, this.host.owner);
    this.host.talk.release(camera, this.host.owner);
    if (talking) this.host.send(liveMessage.talk('stopped'));
  }

  /** The backchannel closed while this socket held it (idle, the camera went away, taken over after release). */
  private ended(camera: string): void {
    if (!this.closed && this.host.talk.talking(camera, this.host.owner) === false && this.wanted) {
      this.wanted = false;
      this.host.send(liveMessage.talk('stopped'));
    }
  }
}
