import { roomRequestSchema } from '@homecam/shared';
import { ApiError } from '../../api/api-error';

/** The translation key of what is wrong with a room name, or null: 'room name is required' from the schema. */
export function roomNameIssue(name: string): string | null {
  const result = roomRequestSchema.safeParse({ name });
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? 'ROOM_NAME_REQUIRED';
  return message === 'ROOM_NAME_REQUIRED' ? 'validation.ROOM_NAME_REQUIRED' : 'cameras:form.errors.invalid';
}

/** A server answer that belongs under the name field ('room already exists'), else null (a toast says it). */
export function roomNameError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'ROOM_EXISTS') return 'errors.ROOM_EXISTS';
  if (error.code === 'VALIDATION_FAILED') return 'validation.ROOM_NAME_REQUIRED';
  return null;
}
