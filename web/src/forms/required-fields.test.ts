import { describe, expect, it } from 'vitest';
import { requiredFieldsNotice } from './required-fields';

describe('requiredFieldsNotice (spec §5)', () => {
  it('names a form with nothing in it, one with some required fields empty, and none for a complete one', () => {
    expect(requiredFieldsNotice(['', '  ', []])).toBe('validation.NOTHING_DEFINED');
    expect(requiredFieldsNotice(['anna', '', ['cameras:access']])).toBe('validation.REQUIRED_FIELDS_EMPTY');
    expect(requiredFieldsNotice(['anna', 'secret', []])).toBe('validation.REQUIRED_FIELDS_EMPTY');
    expect(requiredFieldsNotice(['anna', 'secret', ['cameras:access']])).toBeNull();
  });
});
