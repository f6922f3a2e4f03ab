import type { LiveClientMessage } from '@homecam/shared';

export interface RemoteCandidate {
  candidate: string;
  mid: string;
}

/** More than a browser gathers on a home network (host and reflexive per interface); the rest are dropped. */
export const MAX_HELD_CANDIDATES = 16;

/**
 * The browser's offer and the candidates it trickles right behind it, kept while the server cannot answer yet
 * (the sign-in is checked, the viewer's place is held, libdatachannel starts). The page sends its candidates as
 * soon as it has them, not after the answer: given to the peer with the offer, libjuice checks them at once, and
 * the pair is already good when the browser's nominating check arrives. Learnt only from that check, libjuice
 * answers with a check of its own one pacing slot (50 ms) later, and the first frame waits for it (issue 18).
 * One holder per live socket, from the sign-in (LiveSession) until the peer is made (LiveWebrtc).
 */
export class HeldSignalling {
  offer: string | null = null;
  readonly candidates: RemoteCandidate[] = [];

  /** Keeps an offer or a candidate; false for any other message. */
  hold(message: LiveClientMessage): boolean {
    if (message.type === 'webrtc-offer') this.offer = message.sdp;
    else if (message.type !== 'webrtc-candidate') return false;
    else if (this.candidates.length < MAX_HELD_CANDIDATES) this.candidates.push({ candidate: message.candidate, mid: message.mid });
    return true;
  }

  drainCandidates(): RemoteCandidate[] {
    return this.candidates.splice(0);
  }
}
