import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newPasswordIssues } from './field-validation';
import { useFormFields } from './use-form-fields';

describe('useFormFields', () => {
  it('binds each text field, shows the issues a submit found (also of a non-text field) and clears them', () => {
    const { result } = renderHook(() => useFormFields<'password' | 'confirmation', 'permissions'>({ password: '', confirmation: '' }));
    act(() => result.current.bind('password').onChange({ target: { value: 'secret-1' } }));
    expect(result.current.values).toEqual({ password: 'secret-1', confirmation: '' });

    let valid = true;
    act(() => {
      valid = result.current.showIssues({ ...newPasswordIssues('secret-1', ''), permissions: 'validation.PERMISSION_REQUIRED' });
    });
    expect(valid).toBe(false);
    // No i18n instance in unit tests: t() gives the key back.
    expect(result.current.bind('confirmation').error).toBe('validation.PASSWORD_MISMATCH');
    expect(result.current.errorOf('permissions')).toBe('validation.PERMISSION_REQUIRED');

    act(() => {
      valid = result.current.showIssues({ password: null, confirmation: null, permissions: null });
    });
    expect(valid).toBe(true);
    expect(result.current.bind('confirmation').error).toBeNull();
  });
});
