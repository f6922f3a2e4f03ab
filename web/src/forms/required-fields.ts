/** A required value: text (blank counts as empty) or a list (permissions; empty counts as empty). */
export type RequiredValue = string | readonly unknown[] | undefined;

const isEmpty = (value: RequiredValue): boolean => (typeof value === 'string' ? value.trim() === '' : (value?.length ?? 0) === 0);

/**
 * The form-level message of spec §5 for a refused form, as a `validation.<KEY>` key: nothing filled in at all
 * ('no username, password, room name or permission level defined'), some required fields empty ('fill all
 * required fields'), or null when every required field has a value. Each field still shows its own message.
 */
export function requiredFieldsNotice(values: readonly RequiredValue[]): string | null {
  const empty = values.filter(isEmpty).length;
  if (empty === 0) return null;
  return empty === values.length ? 'validation.NOTHING_DEFINED' : 'validation.REQUIRED_FIELDS_EMPTY';
}
