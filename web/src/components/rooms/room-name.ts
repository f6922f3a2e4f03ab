import { roomRequestSchema } from '@homecam/shared';
import { useCheckedField } from '../../forms/use-checked-field';
import { useToast } from '../../hooks/use-toast';
import { ApiError } from '../../lib/api-error';

/** Messages of the room schema that have their own text (validation.<KEY>). */
const OWN_MESSAGES = new Set(['ROOM_NAME_REQUIRED', 'NAME_CHARACTERS_INVALID']);

/** The translation key of what is wrong with a room name, or null: the schema's own messages, else "invalid". */
export function roomNameIssue(name: string): string | null {
  const result = roomRequestSchema.safeParse({ name });
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? 'ROOM_NAME_REQUIRED';
  return OWN_MESSAGES.has(message) ? `validation.${message}` : 'cameras:form.errors.invalid';
}

/** A server answer that belongs under the name field ('room already exists'), else null (a toast says it). */
export function roomNameError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'ROOM_EXISTS') return 'errors.ROOM_EXISTS';
  if (error.code === 'VALIDATION_FAILED') {
    const message = error.validationIssues[0]?.message ?? 'ROOM_NAME_REQUIRED';
    return `validation.${OWN_MESSAGES.has(message) ? message : 'ROOM_NAME_REQUIRED'}`;
  }
  return null;
}

/**
 * A room-name field (adding or renaming): checked before it is sent, and a refusal that concerns the name ('room
 * already exists') shown under it; `onError` goes to the mutation, any other failure becomes a toast.
 */
export function useRoomNameField(initial = '') {
  const toast = useToast();
  const field = useCheckedField(roomNameIssue, initial);
  const onError = (failure: unknown) => {
    const fieldError = roomNameError(failure);
    if (fieldError) field.showIssue(fieldError);
    else toast.apiError(failure);
  };
  return { ...field, onError };
}
