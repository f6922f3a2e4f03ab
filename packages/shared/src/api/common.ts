import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { hasForbiddenNameCharacters } from '../text.js';

/** One entry of `details` on VALIDATION_FAILED. */
export const validationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/** The error envelope every API error answers with (see ApiErrorBody). */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** A display name a user types (a room, the HomeKit bridge): trimmed, 1–64 characters, no forbidden character. */
export function displayNameSchema(required: string): z.ZodString {
  return z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(64)
    .refine((name) => !hasForbiddenNameCharacters(name), 'NAME_CHARACTERS_INVALID');
}
