import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasErrors, type FormErrors } from './field-validation';

/**
 * A form's text fields and the errors it shows, checked on submit. `bind(field)` spreads onto a TextField (value,
 * onChange, the translated error); `showIssues` shows what the submit found and says whether the form may go.
 * `Extra` names errors of fields that are not text (a form's permission checkboxes).
 */
export function useFormFields<Field extends string, Extra extends string = never>(initial: Record<Field, string> | (() => Record<Field, string>)) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<Field | Extra>>({});

  const errorOf = (key: Field | Extra) => {
    const issue = errors[key];
    return issue ? t(issue) : null;
  };

  const bind = (field: Field) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((previous) => ({ ...previous, [field]: event.target.value })),
    error: errorOf(field),
  });

  /** Shows these issues (clearing the ones gone); true when there are none. */
  function showIssues(issues: FormErrors<Field | Extra>): boolean {
    setErrors(issues);
    return !hasErrors(issues);
  }

  return { values, setValues, bind, errorOf, showIssues };
}
