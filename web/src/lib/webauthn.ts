import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { parseIpv4Literal, type PasskeyCeremony } from '@homecam/shared';
import { ApiError } from './api-error';

/**
 * Issue 21: the browser's half of a passkey ceremony, through @simplewebauthn/browser. Passkeys need a secure
 * context (HTTPS, or localhost) under a host name (browsers refuse an IP address as the RP ID, and so does the
 * server); elsewhere `passkeysAvailable()` is false and the UI says why instead of offering a button that fails.
 */
export function passkeysAvailable(): boolean {
  const host = window.location.hostname;
  const ipAddress = host.startsWith('[') || parseIpv4Literal(host) !== null;
  return !ipAddress && window.isSecureContext && browserSupportsWebAuthn();
}

/** A cancelled or timed-out prompt, or one the browser refused, as an error the toasts translate. */
function browserRefusal(error: unknown): ApiError {
  const cancelled = error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
  const previously = error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED';
  if (previously) return new ApiError(0, 'PASSKEY_ALREADY_REGISTERED', error.message);
  if (cancelled || error instanceof WebAuthnError) return new ApiError(0, cancelled ? 'PASSKEY_CANCELLED' : 'PASSKEY_UNSUPPORTED', String(error));
  return new ApiError(0, 'UNKNOWN', String(error));
}

function ensureAvailable(): void {
  if (!passkeysAvailable()) throw new ApiError(0, 'PASSKEY_UNSUPPORTED', 'passkeys are not available here');
}

/** navigator.credentials.create() with the server's options. */
export async function createPasskey(ceremony: PasskeyCeremony): Promise<RegistrationResponseJSON> {
  ensureAvailable();
  try {
    return await startRegistration({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw browserRefusal(error);
  }
}

/** navigator.credentials.get() with the server's options. */
export async function answerWithPasskey(ceremony: PasskeyCeremony): Promise<AuthenticationResponseJSON> {
  ensureAvailable();
  try {
    return await startAuthentication({ optionsJSON: ceremony.options });
  } catch (error) {
    throw browserRefusal(error);
  }
}
