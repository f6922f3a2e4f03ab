import { z } from 'zod';
import { hasAnyPermission, type Permission } from '../permissions.js';
import { permissionSchema } from './auth.js';

/**
 * Issue 21: signed-in devices and API tokens for integrations (Settings → Account, and an admin's view per user).
 * The contract is docs/api-contract-access.md.
 */

/** One signed-in device as its owner (or an admin) sees it; never the session's token. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** Browser and OS read from the User-Agent by a small bounded parser; null when it named neither. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** The client address the session signed in from. */
  address: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The session this request came with ("this device"). */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.object({ result: z.array(sessionInfoSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  sessionId: z.string().min(1).max(64),
});

/** How many sessions an "end all others" ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });

/**
 * A token's life: a choice that must be made (30, 90 or 365 days, or `null` for never). Never is offered because a
 * home-automation link that stops one day without warning is worse than a token the owner can see and revoke.
 */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
/** Live (not expired) tokens one user may hold: bounds the table and the list. */
export const API_TOKEN_MAX_PER_USER = 25;
export const API_TOKEN_NAME_MAX = 64;
/** Every API token starts with this: the server tells it from a session token, and secret scanners can spot it. */
export const API_TOKEN_PREFIX = 'hct_';

export const apiTokenExpirySchema = z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], { message: 'EXPIRY_REQUIRED' });

export const createApiTokenRequestSchema = z.object({
  name: z.string({ message: 'TOKEN_NAME_REQUIRED' }).trim().min(1, 'TOKEN_NAME_REQUIRED').max(API_TOKEN_NAME_MAX, 'TEXT_TOO_LONG'),
  scopes: z.array(permissionSchema, { message: 'SCOPE_REQUIRED' }).min(1, 'SCOPE_REQUIRED').max(32),
  expiresInDays: apiTokenExpirySchema,
});
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;

/** A token as listed: never the token itself, nor its hash. */
export const apiTokenInfoSchema = z.object({
  id: z.string(),
  userId: z.number().int(),
  name: z.string(),
  scopes: z.array(permissionSchema),
  createdAt: z.string(),
  /** null: never expires. */
  expiresAt: z.string().nullable(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  expired: z.boolean(),
});
export type ApiTokenInfo = z.infer<typeof apiTokenInfoSchema>;

export const apiTokenListSchema = z.object({ result: z.array(apiTokenInfoSchema) });

/**
 * Every user's tokens, for an admin (Settings → Users): each with its owner's name. Paged newest first by `cursor`
 * (the previous answer's `nextCursor`); a page holds at most API_TOKEN_ADMIN_PAGE_MAX, so the answer stays bounded
 * however many users there are (a home install has few: the first page is usually all of them).
 */
export const API_TOKEN_ADMIN_PAGE_MAX = 100;

export const adminApiTokenListQuerySchema = z.object({
  cursor: z.string().max(256).optional(),
  limit: z.coerce.number().int().min(1).max(API_TOKEN_ADMIN_PAGE_MAX).default(50),
});
export type AdminApiTokenListQuery = z.infer<typeof adminApiTokenListQuerySchema>;

export const adminApiTokenInfoSchema = apiTokenInfoSchema.extend({ username: z.string() });
export type AdminApiTokenInfo = z.infer<typeof adminApiTokenInfoSchema>;

export const adminApiTokenListSchema = z.object({ result: z.array(adminApiTokenInfoSchema), nextCursor: z.string().nullable() });
export type AdminApiTokenList = z.infer<typeof adminApiTokenListSchema>;

/** The one answer that carries the token: shown once, stored only as its SHA-256. */
export const createdApiTokenSchema = z.object({ token: z.string(), info: apiTokenInfoSchema });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  tokenId: z.string().min(1).max(64),
});

/**
 * What a token may do now: its scopes that its owner still holds (an admin owner holds every one). Evaluated at each
 * request, so a permission taken from the owner (or the owner deleted) is gone from their tokens at once.
 */
export function grantedScopes(scopes: readonly Permission[], ownerPermissions: readonly Permission[]): Permission[] {
  return scopes.filter((scope) => hasAnyPermission(ownerPermissions, [scope]));
}
