import { RECORDINGS_MAX_SIZE_GB_LIMIT, RECORDINGS_MIN_FREE_GB_LIMIT, recordingSettingsPatchSchema } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { optionalNumberField, rangeOf } from './field-validation';

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
