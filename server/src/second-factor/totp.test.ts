import { describe, expect, it } from 'vitest';
import { matchTotpStep, totpCodeAt, totpUri } from './totp.js';

/** RFC 6238 appendix B's SHA-1 key, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238)', () => {
  it('gives the RFC\'s SHA-1 test values (their last six digits)', () => {
    expect(totpCodeAt(RFC_SECRET, 59_000)).toBe('287082'); // 94287082
    expect(totpCodeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804'); // 07081804
    expect(totpCodeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924'); // 89005924
  });

  it('matches a code to its step within one step either side, never two', () => {
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 60_000), now)).toBeNull();
    // As apps show it, with a space in the middle.
    const code = totpCodeAt(RFC_SECRET, now);
    expect(matchTotpStep(RFC_SECRET, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(step);
  });

  it('labels the URI with the issuer and the account, escaped', () => {
    expect(totpUri(RFC_SECRET, 'anna maria')).toBe(`otpauth://totp/HomeCam:anna%20maria?issuer=HomeCam&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`);
  });
});
