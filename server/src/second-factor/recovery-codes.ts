import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@homecam/shared';

/** No 0/O, 1/I/L: codes are read off paper. 31 symbols × 10 = ~49.5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** A recovery code as shown: two groups of five, e.g. `k7dqm-x3fha`. */
function newRecoveryCode(): string {
  let text = '';
  for (let i = 0; i < GROUP * 2; i += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return `${text.slice(0, GROUP)}-${text.slice(GROUP)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** Whether a typed code has the shape of a recovery code (any case, with or without the dash or spaces). */
export function looksLikeRecoveryCode(typed: string): boolean {
  return normalize(typed).length === GROUP * 2;
}

function normalize(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/**
 * What is stored: SHA-256 of the normalised code. A fast hash is enough here (unlike passwords): the codes are
 * random with ~50 bits each, so the hash cannot be searched backwards, and guessing online is throttled.
 */
export function hashRecoveryCode(typed: string): string {
  return createHash('sha256').update(`homecam-recovery:${normalize(typed)}`).digest('hex');
}
