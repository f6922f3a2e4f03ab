import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A field's rule: the i18n key of what is wrong with the value, or null when it is fine. */
export type FieldRule = (value: string) => string | null;

/**
 * One text field's value and its shown error, checked on submit (not while typing, so a half-typed value is not
 * scolded). `fieldProps` spreads onto a TextField: value, onChange and the translated error.
 */
export function useCheckedField(rule: FieldRule, initial = '') {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [issue, setIssue] = useState<string | null>(null);

  /** Checks the value and shows what is wrong; true when it passes. */
  function check(): boolean {
    const next = rule(value);
    setIssue(next);
    return next === null;
  }

  return {
    value,
    setValue,
    check,
    /** Shows an issue found elsewhere (the server refused the value), as an i18n key. */
    showIssue: setIssue,
    fieldProps: {
      value,
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
      error: issue ? t(issue) : null,
    },
  };
}
