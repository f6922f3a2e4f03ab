import type { PasskeyAssertion } from '@homecam/shared';
import type { Ceremony } from './ceremonies.js';
import type { PasskeyRecord, PasskeyRepository } from './passkey.repository.js';
import { webauthn } from './webauthn.js';

/**
 * Whether `assertion` is a valid answer to `ceremony` by `passkey`, and if so takes it (the counter moves on, the
 * use is dated). Refused: a passkey of another account than the ceremony's, a user handle that is not the
 * passkey's, another origin or RP ID (the ceremony's are the request's), a bad signature, a counter that did not
 * grow (a replayed or cloned authenticator's answer), no user verification where `requireUserVerification`.
 */
export async function takeAssertion(
  store: PasskeyRepository,
  ceremony: Ceremony,
  passkey: PasskeyRecord,
  assertion: PasskeyAssertion,
  options: { requireUserVerification: boolean; at: string },
): Promise<boolean> {
  if (ceremony.kind === 'register') return false;
  if (ceremony.userId !== null && passkey.userId !== ceremony.userId) return false;
  const { userHandle } = assertion.response;
  if (userHandle !== undefined ? userHandle !== passkey.userHandle : ceremony.userId === null) return false;
  if (assertion.id !== assertion.rawId || passkey.rpId !== ceremony.party.rpId) return false;
  let verified;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: ceremony.party.origin,
      expectedRPID: ceremony.party.rpId,
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: passkey.counter },
      requireUserVerification: options.requireUserVerification,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  return store.recordUse(passkey.id, passkey.counter, verified.authenticationInfo.newCounter, options.at);
}
