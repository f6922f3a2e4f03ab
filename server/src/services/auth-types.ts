import { grantedScopes, type Permission, type SecondFactorMethod } from '@homecam/shared';
import type { UserRecord } from '../repositories/user.repository.js';

/**
 * Who calls and what signing in answers: AuthService's types, in a file of their own so routes, sockets and the
 * second-factor, passkey and API-token features can name them without the service's code.
 */

/** Who is calling: the live session and its user as stored right now. */
export interface AuthContext {
  sessionId: string;
  expiresAt: string;
  user: UserRecord;
  /**
   * Issue 21: the system requires a second factor of this user and they have none yet: only the enrolment is open
   * to them (access-rule.ts), whatever their permissions.
   */
  secondFactorEnrolmentDue: boolean;
  /**
   * Issue 21: set when the caller is an API token, not a session. `user.permissions` is then already the token's
   * scopes ∩ its owner's permissions; `sessionId` is `apiToken:<id>`, so SessionsEnded ends what it opened.
   */
  apiToken?: ApiTokenGrant | undefined;
}

/** The caller after its owner's permissions changed: an API token keeps only its scopes the owner still holds. */
export function withOwnerPermissions(auth: AuthContext, permissions: Permission[], cameras: string[] | null = auth.user.cameras): AuthContext {
  return { ...auth, user: { ...auth.user, cameras, permissions: auth.apiToken ? grantedScopes(auth.apiToken.scopes, permissions) : permissions } };
}

export interface ApiTokenGrant {
  id: string;
  /** As the token was made; what it may do now is these ∩ the owner's current permissions. */
  scopes: Permission[];
}

/** The api-tokens module's side of AuthService (issue 21). */
export interface ApiTokenAuthenticator {
  /** Resolves an API token (API_TOKEN_PREFIX…) to its caller, or throws as `authenticate` does. */
  authenticate(token: string, client: ClientInfo | undefined): Promise<AuthContext>;
  /** The `apiToken:<id>` credentials of a user being deleted: what they opened closes with the sessions. */
  credentialIdsOfUser(userId: number): Promise<string[]>;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface LoginResult {
  token: string;
  sessionId: string;
  expiresAt: string;
  expiresInSeconds: number;
  user: UserRecord;
  /** As AuthContext's: the new session may only set up a second factor. */
  secondFactorEnrolmentDue: boolean;
}

/**
 * Issue 21: what a right password leads to when the account has a second factor. The gate (the second-factor
 * feature) answers null for "no second step" or the ticket the client continues with.
 */
export interface SecondStepChallenge {
  ticket: string;
  methods: SecondFactorMethod[];
  expiresInSeconds: number;
}
export type SecondStepGate = (user: UserRecord, client: ClientInfo) => Promise<SecondStepChallenge | null>;
/** Whether the second-factor policy requires a factor this user has not set up (checked on every request). */
export type EnrolmentCheck = (user: UserRecord) => Promise<boolean>;
