import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { useCheckedField } from './use-checked-field';

const notEmpty = (value: string) => (value.trim() === '' ? 'validation.FIELD_REQUIRED' : null);

function type(field: { fieldProps: { onChange: (event: ChangeEvent<HTMLInputElement>) => void } }, text: string) {
  act(() => field.fieldProps.onChange({ target: { value: text } } as ChangeEvent<HTMLInputElement>));
}

describe('useCheckedField', () => {
  it('shows no error while typing, only once checked, and clears it when a check passes', () => {
    const { result } = renderHook(() => useCheckedField(notEmpty));
    type(result.current, ' ');
    expect(result.current.fieldProps.error).toBeNull();

    let passed = true;
    act(() => {
      passed = result.current.check();
    });
    expect(passed).toBe(false);
    // No i18n instance in unit tests: t() gives the key back, which is what the rule returned.
    expect(result.current.fieldProps.error).toBe('validation.FIELD_REQUIRED');

    type(result.current, 'alice');
    act(() => {
      passed = result.current.check();
    });
    expect(passed).toBe(true);
    expect(result.current.fieldProps.error).toBeNull();
    expect(result.current.value).toBe('alice');
  });

  it('starts from the given value and can be set from outside (a field cleared after a refused code)', () => {
    const { result } = renderHook(() => useCheckedField(notEmpty, 'https://example.com/feed.xml'));
    expect(result.current.fieldProps.value).toBe('https://example.com/feed.xml');
    act(() => result.current.setValue(''));
    expect(result.current.value).toBe('');
  });
});
