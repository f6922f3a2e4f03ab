import { TextField, type TextFieldProps } from './TextField';

/**
 * The field for a one-time code (an authenticator app's digits, or a recovery code): named and marked so that
 * browsers and phones offer the code they just received, never spell-checked or capitalised.
 */
export function OneTimeCodeField(props: Omit<TextFieldProps, 'name' | 'autoComplete'>) {
  return <TextField name="one-time-code" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...props} />;
}
