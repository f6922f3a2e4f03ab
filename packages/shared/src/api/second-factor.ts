import { z } from 'zod';
import { loginResponseSchema } from './auth.js';

/** Issue 21: the second factors a sign-in may ask for after the password. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export const secondFactorMethodSchema = z.enum(SECOND_FACTOR_METHODS);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/** Recovery codes handed out at enrolment: shown once, stored hashed, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** A one-time code from an authenticator app: six digits (spaces allowed, as apps show `123 456`). */
export const TOTP_CODE_PATTERN = /^\d{3} ?\d{3}$/;

/** The password was right and the account has a second factor: the sign-in goes on with `ticket`. */
export const secondFactorChallengeSchema = z.object({
  status: z.literal('secondFactorRequired'),
  /** Opaque, short-lived, bound to this client's address; only good for POST /api/auth/second-factor. */
  ticket: z.string(),
  methods: z.array(secondFactorMethodSchema),
  /** Seconds the ticket stays good. */
  expires_in: z.number().int(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** What POST /api/auth/login answers: a session, or the request for a second factor. */
export const loginOutcomeSchema = z.union([loginResponseSchema, secondFactorChallengeSchema]);
export type LoginOutcome = z.infer<typeof loginOutcomeSchema>;

export function isSecondFactorChallenge(outcome: LoginOutcome): outcome is SecondFactorChallenge {
  return 'status' in outcome && outcome.status === 'secondFactorRequired';
}

const codeSchema = z.string({ message: 'CODE_REQUIRED' }).trim().min(1, 'CODE_REQUIRED').max(64, 'CODE_INVALID');

/** A one-time code or a recovery code; which one it is follows from its shape (six digits, or a recovery code). */
export const secondFactorVerifyRequestSchema = z.object({
  ticket: z.string().min(1).max(128),
  code: codeSchema,
});
export type SecondFactorVerifyRequest = z.infer<typeof secondFactorVerifyRequestSchema>;

/** The caller's own second factors (Settings → Account). Never a secret. */
export const secondFactorStatusSchema = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** The enrolment's secret, shown until it is confirmed with a code and never again. */
export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… as the QR code holds it. */
  uri: z.string(),
  /** The QR code as an SVG document, rendered on the server (no outside service sees the secret). */
  qrSvg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpCodeRequestSchema = z.object({
  code: codeSchema.refine((code) => TOTP_CODE_PATTERN.test(code), 'CODE_INVALID'),
});
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Turning the app's codes off takes the password or a current code (one-time or recovery). */
export const totpDisableRequestSchema = z
  .object({
    password: z.string().min(1).max(1024).optional(),
    code: codeSchema.optional(),
  })
  .refine((body) => body.password !== undefined || body.code !== undefined, { message: 'PASSWORD_OR_CODE_REQUIRED', path: ['password'] });
export type TotpDisableRequest = z.infer<typeof totpDisableRequestSchema>;

/** Who must have a second factor (config.json `secondFactorPolicy`): nobody, the admins, or everyone. */
export const SECOND_FACTOR_POLICIES = ['off', 'admins', 'everyone'] as const;
export const secondFactorPolicySchema = z.enum(SECOND_FACTOR_POLICIES);
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;
export const secondFactorPolicySettingsSchema = z.strictObject({ policy: secondFactorPolicySchema });
export type SecondFactorPolicySettings = z.infer<typeof secondFactorPolicySettingsSchema>;
