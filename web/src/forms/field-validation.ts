import { newPasswordSchema, type Permission } from '@homecam/shared';

/** Any zod schema fits; the shared schemas carry VALIDATION_MESSAGES keys as their messages. */
interface FieldSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** The first rule a value breaks, as a `validation.<KEY>` key, or null when it is fine. */
export function fieldIssue(schema: FieldSchema, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  return message ? `validation.${message}` : 'validation.FIELD_REQUIRED';
}

/** Spec §5: the confirmation must match the new password. */
export function confirmationIssue(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'validation.PASSWORD_MISMATCH';
}

/** A new password and its confirmation (first start, own account, a new user): the same two rules everywhere. */
export function newPasswordIssues(password: string, confirmation: string) {
  return { password: fieldIssue(newPasswordSchema, password), confirmation: confirmationIssue(password, confirmation) };
}

export type FormErrors<K extends string> = Partial<Record<K, string | null>>;

export function hasErrors<K extends string>(errors: FormErrors<K>): boolean {
  return Object.values(errors).some(Boolean);
}

/** i18n keys cannot contain ':' (it separates the namespace), so permissions use '_'. */
export function permissionLabelKey(permission: Permission): string {
  return `permissions.${permission.replaceAll(':', '_')}`;
}

/**
 * A number typed into a field, checked by its shared schema (the ranges live there only): the number, or null
 * when the schema refuses it. An empty field reads as 0.
 */
export function numberField(schema: FieldSchema, text: string): number | null {
  const value = Number(text);
  return fieldIssue(schema, value) === null ? value : null;
}

/** An optional number field: undefined when left empty, else as numberField. */
export function optionalNumberField(schema: FieldSchema, text: string): number | null | undefined {
  return text.trim() === '' ? undefined : numberField(schema, text);
}

interface NumberLimits {
  minValue: number | null;
  maxValue: number | null;
  isInt?: boolean | null;
}

/** A shared number schema, possibly wrapped in `.optional()` / `.nullable()` (a clearable limit). */
type WrappedNumber = NumberLimits | { unwrap(): WrappedNumber };

/** The range an optional (or optional nullable) shared number schema allows, for the input's min and max attributes. */
export function rangeOf(schema: { unwrap(): WrappedNumber }): { min?: number; max?: number } {
  const inner = limitsOf(schema);
  return { min: inner.minValue ?? undefined, max: inner.maxValue ?? undefined };
}

function limitsOf(schema: { unwrap(): WrappedNumber }): NumberLimits {
  let inner = schema.unwrap();
  while ('unwrap' in inner) inner = inner.unwrap();
  return inner;
}

/**
 * The rule of a shared number schema in words, for a field whose value breaks it (0 hours says what is allowed,
 * not just "enter a valid number"): a whole number from min to max, or a number above 0 up to max.
 */
export function numberRule(
  t: (key: string, values: Record<string, string>) => string,
  schema: { unwrap(): WrappedNumber },
  language: string,
): string {
  const { minValue, maxValue, isInt } = limitsOf(schema);
  const number = (value: number | null) => (value ?? 0).toLocaleString(language);
  return isInt ? t('validation.NUMBER_WHOLE_RANGE', { min: number(minValue), max: number(maxValue) }) : t('validation.NUMBER_ABOVE_ZERO', { max: number(maxValue) });
}
