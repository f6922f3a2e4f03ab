import { z } from 'zod';
import {
  PASSWORD_MIN_LENGTH,
  SESSION_TIMER_DEFAULT_S,
  SESSION_TIMER_MAX_S,
  SESSION_TIMER_MIN_S,
  USERNAME_PATTERN,
} from '../constants.js';
import { userCameraListSchema } from '../camera-access.js';
import { permissionSchema, sessionUserSchema } from './auth.js';

export const usernameSchema = z
  .string({ message: 'USERNAME_REQUIRED' })
  .trim()
  .min(1, 'USERNAME_REQUIRED')
  .regex(USERNAME_PATTERN, 'USERNAME_INVALID');

export const newPasswordSchema = z
  .string({ message: 'PASSWORD_REQUIRED' })
  .min(1, 'PASSWORD_REQUIRED')
  .min(PASSWORD_MIN_LENGTH, 'PASSWORD_TOO_SHORT')
  .max(256, 'PASSWORD_INVALID');

export const sessionTimerSchema = z
  .number({ message: 'SESSION_TIMER_INVALID' })
  .int('SESSION_TIMER_INVALID')
  .min(SESSION_TIMER_MIN_S, 'SESSION_TIMER_INVALID')
  .max(SESSION_TIMER_MAX_S, 'SESSION_TIMER_INVALID');

export const permissionListSchema = z
  .array(permissionSchema, { message: 'PERMISSION_REQUIRED' })
  .min(1, 'PERMISSION_REQUIRED')
  .transform((list) => [...new Set(list)]);

export const userIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

/** A user as an admin (or the user itself) sees it. Never carries the password hash. */
export const userSchema = sessionUserSchema.omit({ secondFactorEnrolmentDue: true }).extend({
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userListSchema = z.object({ result: z.array(userSchema) });
export type UserList = z.infer<typeof userListSchema>;

export const createUserRequestSchema = z.object({
  username: usernameSchema,
  password: newPasswordSchema,
  permissionLevel: permissionListSchema,
  sessionTimer: sessionTimerSchema.default(SESSION_TIMER_DEFAULT_S),
  /** Issue 21: the only cameras the user may see; absent or null = every camera. */
  cameras: userCameraListSchema.optional(),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/**
 * One update call for everything a user may change. Changing the own password needs
 * `currentPassword`; permissions may only be changed by an admin, and never on oneself. A body that changes
 * nothing is refused (spec §5: 'no username, password, room name or permission level defined').
 */
export const updateUserRequestSchema = z
  .object({
    username: usernameSchema.optional(),
    password: newPasswordSchema.optional(),
    currentPassword: z.string().optional(),
    sessionTimer: sessionTimerSchema.optional(),
    permissionLevel: permissionListSchema.optional(),
    /** Issue 21 (admin only, never on oneself): the only cameras the user may see, or null for every camera. */
    cameras: userCameraListSchema.optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.username !== undefined || body.password !== undefined || body.sessionTimer !== undefined || body.permissionLevel !== undefined || body.cameras !== undefined,
    { message: 'NOTHING_DEFINED' },
  );
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;
