import { cameraMediaIssues, cameraNameIssues, cameraSchema, MEDIA_REFUSAL, VALIDATION_MESSAGES, type Camera, type CameraInput } from '@homecam/shared';
import { parseZones, zonesToForm } from '../../lib/object-labels';
import { ALL_FIELDS, type FieldDef } from './camera-fields';

/** The form's state: one string (text, numbers as typed) or boolean per field path. */
export type FormValues = Record<string, string | boolean>;

/** A translated message to show under a field: key and its interpolation values. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}

export type FieldErrors = Record<string, FieldMessage>;

function get(object: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), object);
}

function set(object: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = object;
  for (const key of keys) {
    const next = target[key];
    target = (target[key] = next !== null && typeof next === 'object' ? next : {}) as Record<string, unknown>;
  }
  target[last] = value;
}

/** What a camera looks like in the form; numbers become text, missing optional values empty. */
export function cameraToForm(camera: Camera, fields: readonly FieldDef[] = ALL_FIELDS): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = get(camera, field.path);
    if (field.kind === 'bool') values[field.path] = value === true;
    // Unset: it follows another setting (object detection: motion detection's), shown as such.
    else if (field.kind === 'auto') values[field.path] = value === true ? 'on' : value === false ? 'off' : '';
    // No alertChannels: every channel fires, so every box is ticked.
    else if (field.kind === 'channels') values[field.path] = (Array.isArray(value) ? value : (field.options ?? [])).join(',');
    else if (field.kind === 'list') values[field.path] = Array.isArray(value) ? value.join(', ') : '';
    else if (field.kind === 'labels') values[field.path] = Array.isArray(value) ? value.join(',') : '';
    else if (field.kind === 'zones') values[field.path] = zonesToForm(value !== null && typeof value === 'object' ? (value as Record<string, number[]>) : {});
    else if (typeof value === 'string' || typeof value === 'number') values[field.path] = String(value);
    else values[field.path] = '';
  }
  return values;
}

/** A new camera's form: the schema's defaults, name and source still to fill in. */
export function newCameraForm(room: string): FormValues {
  const defaults = cameraSchema.parse({ name: 'new', room, videoConfig: { source: 'demo:' } });
  return { ...cameraToForm(defaults), name: '', 'videoConfig.source': '' };
}

/** A field's value for the API; undefined means empty (not sent, or removed in a patch). */
function toApiValue(field: FieldDef, value: string | boolean | undefined): unknown {
  if (field.kind === 'bool') return value === true;
  const text = typeof value === 'string' ? value.trim() : '';
  // Lists are sent whole, empty too (no channel ticked = none fires; no label = no label filter).
  if (field.kind === 'channels' || field.kind === 'list' || field.kind === 'labels') return text.split(',').map((item) => item.trim()).filter((item) => item !== '');
  if (field.kind === 'zones') return parseZones(text);
  if (field.kind === 'auto') return text === 'on' ? true : text === 'off' ? false : undefined;
  if (text === '') return undefined;
  // A non-number stays NaN, which the schema reports for the field.
  return field.kind === 'int' || field.kind === 'decimal' ? Number(text) : text;
}

/** A changed field in a merge patch: null removes it; a label whose zones all went is removed from the object too. */
function patchValue(field: FieldDef, initial: string | boolean | undefined, value: string | boolean | undefined): unknown {
  const next = toApiValue(field, value);
  if (field.kind !== 'zones') return next ?? null;
  const removed = Object.keys(parseZones(String(initial ?? ''))).filter((label) => !(label in (next as Record<string, unknown>)));
  return { ...(next as Record<string, unknown>), ...Object.fromEntries(removed.map((label) => [label, null])) };
}

/** The body of POST /api/cameras: every filled-in field (empty ones take the server's defaults). */
export function formToInput(values: FormValues, fields: readonly FieldDef[] = ALL_FIELDS): CameraInput {
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    // Every channel ticked is the default (absent: channels added later fire too).
    if (field.kind === 'channels' && values[field.path] === (field.options ?? []).join(',')) continue;
    const value = toApiValue(field, values[field.path]);
    if (value !== undefined) set(input, field.path, value);
  }
  return input as CameraInput;
}

/**
 * The body of PATCH /api/cameras/:name (a JSON merge patch): only the fields that changed, null for a
 * field that was emptied. An untouched source, masked or not, is not sent, so its secret stays as stored.
 */
export function formToPatch(initial: FormValues, values: FormValues, fields: readonly FieldDef[] = ALL_FIELDS): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    if (values[field.path] === initial[field.path]) continue;
    set(patch, field.path, patchValue(field, initial[field.path], values[field.path]));
  }
  return patch;
}

interface Issue {
  /** zod's key list, or the dotted path of the server's VALIDATION_FAILED details. */
  path: readonly PropertyKey[] | string;
  message: string;
  code?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
}

const isValidationKey = (message: string) => (VALIDATION_MESSAGES as readonly string[]).includes(message);

/** A schema problem in the user's words: our validation keys, else by kind (too small, too big, not a number). */
export function issueMessage(issue: Issue): FieldMessage {
  if (isValidationKey(issue.message)) return { key: `validation.${issue.message}` };
  // The source/codec/filter grammar names the refused option (`camera source: option -y is not allowed`).
  if (MEDIA_REFUSAL.test(issue.message)) return { key: 'cameras:form.errors.refused', values: { detail: issue.message } };
  if (issue.code === 'too_small') return { key: 'cameras:form.errors.tooSmall', values: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big') return { key: 'cameras:form.errors.tooBig', values: { max: Number(issue.maximum) } };
  if (issue.code === 'invalid_type') return { key: 'cameras:form.errors.notWholeNumber' };
  return { key: 'cameras:form.errors.invalid' };
}

/** Issues (client-side or the server's VALIDATION_FAILED details) by field path, first one per field. */
export function issuesToErrors(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path] ??= issueMessage(issue);
  }
  return errors;
}

/**
 * Checks the form as the server will: the shared schema, and the name rule and media grammar (sources, codec,
 * encoder options, filter, maps) of `cameraWriteSchema`, run on their own so their messages show even while other
 * fields are wrong.
 */
export function validateCameraForm(values: FormValues): FieldErrors {
  const input = formToInput(values);
  const result = cameraSchema.safeParse(input);
  const issues: Issue[] = [...(result.success ? [] : result.error.issues), ...cameraNameIssues(input), ...cameraMediaIssues(input)];
  return issuesToErrors(issues);
}
