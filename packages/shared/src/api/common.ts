import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.js';

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
