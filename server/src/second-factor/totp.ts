import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA-1, six digits, 30 s steps. */
const PERIOD_S = 30;
const ISSUER = 'HomeCam';
/** One step either side: a phone clock a little off, or a code typed just as it changed. */
const WINDOW = 1;

function totpOf(secretBase32: string, account = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label: account, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

/** A fresh 160-bit secret (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app scans: issuer HomeCam, the account's name as label. */
export function totpUri(secretBase32: string, account: string): string {
  return totpOf(secretBase32, account).toString();
}

/**
 * The 30 s step `code` belongs to at `now` (epoch ms), within one step either side, or null when it matches none.
 * The caller accepts a step only once (a code seen on a shoulder or in a proxy log cannot be replayed).
 */
export function matchTotpStep(secretBase32: string, code: string, now: number): number | null {
  const token = code.replace(/\s/g, '');
  const delta = totpOf(secretBase32).validate({ token, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** The code of the step `now` is in (tests, and nothing else: the server never shows a code). */
export function totpCodeAt(secretBase32: string, now: number): string {
  return totpOf(secretBase32).generate({ timestamp: now });
}
