import { z } from 'zod';
import { PERMISSIONS } from '../permissions.js';

export const permissionSchema = z.enum(PERMISSIONS, { message: 'PERMISSION_UNKNOWN' });

/** The signed-in user as the client stores it (spec §3). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  sessionTimer: z.number().int(),
  permissionLevel: z.array(permissionSchema),
  photo: z.string().nullable(),
  /** True until the first-start account has changed its username and password (issue: /start). */
  mustChangeCredentials: z.boolean(),
  /**
   * Issue 21: the only cameras this user may see, or null for every camera (also ones added later). Always null
   * for an admin. The server enforces it (a camera outside the list answers 404); the web hides what it refuses.
   * Always sent; optional so a session stored by an older web app still reads (absent = every camera).
   */
  cameras: z.array(z.string()).nullable().optional(),
  /**
   * Issue 21: the system requires a second factor of this user and none is set up: the app shows only the
   * enrolment until it is. In sign-in and session answers only (absent from the admin's user list).
   */
  secondFactorEnrolmentDue: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginRequestSchema = z.object({
  username: z.string({ message: 'USERNAME_REQUIRED' }).trim().min(1, 'USERNAME_REQUIRED'),
  password: z.string({ message: 'PASSWORD_REQUIRED' }).min(1, 'PASSWORD_REQUIRED'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the session ends. */
  expires_in: z.number().int(),
  expires_at: z.string(),
  user: sessionUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const authCheckResponseSchema = z.object({
  status: z.literal('OK'),
  user: sessionUserSchema,
});
export type AuthCheckResponse = z.infer<typeof authCheckResponseSchema>;
