import { notificationSettingsPatchSchema, RECORDINGS_MAX_SIZE_GB_LIMIT, RECORDINGS_MIN_FREE_GB_LIMIT, recordingSettingsPatchSchema } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { numberRule, optionalNumberField, rangeOf } from './field-validation';

const fields = recordingSettingsPatchSchema.shape;

describe('the recordings disk limits in the form follow the shared schema', () => {
  it('rangeOf sees through optional and nullable: the inputs get the schema max', () => {
    expect(rangeOf(fields.maxSizeGB)).toEqual({ min: 0, max: RECORDINGS_MAX_SIZE_GB_LIMIT });
    expect(rangeOf(fields.minFreeGB)).toEqual({ min: 0, max: RECORDINGS_MIN_FREE_GB_LIMIT });
    expect(rangeOf(fields.removeAfter)).toEqual({ min: 1, max: 3650 });
  });

  it('a value over the bound, zero or 1e308 is refused before it is sent; empty means no limit', () => {
    expect(optionalNumberField(fields.maxSizeGB, '1e308')).toBeNull();
    expect(optionalNumberField(fields.maxSizeGB, String(RECORDINGS_MAX_SIZE_GB_LIMIT + 1))).toBeNull();
    expect(optionalNumberField(fields.maxSizeGB, String(RECORDINGS_MAX_SIZE_GB_LIMIT))).toBe(RECORDINGS_MAX_SIZE_GB_LIMIT);
    expect(optionalNumberField(fields.minFreeGB, String(RECORDINGS_MIN_FREE_GB_LIMIT + 1))).toBeNull();
    expect(optionalNumberField(fields.minFreeGB, '0')).toBeNull();
    expect(optionalNumberField(fields.minFreeGB, '2.5')).toBe(2.5);
    expect(optionalNumberField(fields.minFreeGB, ' ')).toBeUndefined();
  });
});

describe('numberRule (issue 17: 0 hours says the rule, not "enter a valid number")', () => {
  const t = (key: string, values: Record<string, string>) => `${key} ${JSON.stringify(values)}`;

  it('says the range of a whole number, and the limit of a number above zero, in the UI language', () => {
    expect(numberRule(t, notificationSettingsPatchSchema.shape.removeAfter, 'de')).toBe('validation.NUMBER_WHOLE_RANGE {"min":"1","max":"8.760"}');
    expect(numberRule(t, recordingSettingsPatchSchema.shape.maxSizeGB, 'en')).toBe('validation.NUMBER_ABOVE_ZERO {"max":"1,000,000"}');
  });
});
