import { z } from 'zod';
import { displayNameSchema } from './common.js';

/** Issue 21: passkeys (WebAuthn). The contract is docs/api-contract-passkeys.md. */

/** Passkeys one account may hold (phones, laptops, security keys of one person). */
export const PASSKEY_LIMIT = 20;

/** base64url as WebAuthn's JSON encodes binary fields; bounded so a huge field is refused before any decoding. */
function base64url(max: number) {
  return z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/);
}

export const AUTHENTICATOR_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transportsSchema = z.array(z.enum(AUTHENTICATOR_TRANSPORTS)).max(AUTHENTICATOR_TRANSPORTS.length);
const credentialFields = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  /** Extension outputs are not used; accepted as the browser sends them, within the body limit. */
  clientExtensionResults: z.record(z.string().max(64), z.unknown()),
};

/** What navigator.credentials.create() answered, as @simplewebauthn/browser encodes it. */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    authenticatorData: base64url(8192).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** What navigator.credentials.get() answered. */
export const passkeyAssertionSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** An id of one WebAuthn ceremony on the server: its challenge is taken by the first answer, right or wrong. */
const ceremonySchema = z.string().min(1).max(64);

/**
 * The options for navigator.credentials.create()/get() in their JSON form (WebAuthn Level 3's
 * PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed to @simplewebauthn/browser as they are.
 */
const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const passkeyCeremonySchema = z.object({ ceremony: z.string(), options: webauthnOptionsSchema });
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

export const passkeyNameSchema = displayNameSchema('PASSKEY_NAME_REQUIRED');

/** Adding a passkey takes the account's password: a session alone must not be able to add a way in that outlives it. */
export const passkeyRegistrationStartSchema = z.object({ password: z.string().min(1, 'PASSWORD_REQUIRED').max(1024) });
export type PasskeyRegistrationStart = z.infer<typeof passkeyRegistrationStartSchema>;

export const passkeyRegistrationFinishSchema = z.object({
  ceremony: ceremonySchema,
  name: passkeyNameSchema,
  credential: passkeyRegistrationResponseSchema,
});
export type PasskeyRegistrationFinish = z.infer<typeof passkeyRegistrationFinishSchema>;

export const passkeyRenameSchema = z.strictObject({ name: passkeyNameSchema });
export type PasskeyRename = z.infer<typeof passkeyRenameSchema>;

/** Removing one takes the password too, as turning the authenticator app off does. */
export const passkeyRemoveSchema = z.object({ password: z.string().min(1, 'PASSWORD_REQUIRED').max(1024) });
export type PasskeyRemove = z.infer<typeof passkeyRemoveSchema>;

export const passkeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** One of the caller's passkeys, as Settings → Account lists it. Never the key or the credential id. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Where the browser found it (`internal`: this device; `hybrid`: a phone nearby; `usb`/`nfc`/`ble`: a key). */
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * A sign-in with a passkey: no username (a discoverable passkey tells the server whose it is), or a username first
 * (for passkeys the authenticator does not keep a list of, such as many security keys).
 */
export const passkeySignInStartSchema = z.object({ username: z.string().trim().min(1).max(64).optional() });
export type PasskeySignInStart = z.infer<typeof passkeySignInStartSchema>;

/** The second step of a password sign-in, with a passkey instead of a code. */
export const passkeySecondStepStartSchema = z.object({ ticket: z.string().min(1).max(128) });
export type PasskeySecondStepStart = z.infer<typeof passkeySecondStepStartSchema>;

export const passkeySignInFinishSchema = z.object({ ceremony: ceremonySchema, credential: passkeyAssertionSchema });
export type PasskeySignInFinish = z.infer<typeof passkeySignInFinishSchema>;
