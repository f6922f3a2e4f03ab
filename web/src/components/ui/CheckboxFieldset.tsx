import type { ReactNode } from 'react';
import { Checkbox } from './Checkbox';

export interface CheckboxFieldsetProps {
  /** Already translated, as are the choices' labels and the hint. */
  legend: string;
  hint?: string;
  choices: readonly { value: string; label: string }[];
  isTicked: (value: string) => boolean;
  onToggle: (value: string, on: boolean) => void;
  disabled: boolean;
  /** The fieldset's test id; each box is `<testId>-<value>` (spaces as dashes). */
  testId: string;
  /** How the boxes are laid out (a wrapping row, a grid). */
  listClassName: string;
  /** More controls under the boxes, above the hint. */
  children?: ReactNode;
}

/** A camera-settings field that is a set of boxes to tick (alert channels, object labels), across the form's width. */
export function CheckboxFieldset({ legend, hint, choices, isTicked, onToggle, disabled, testId, listClassName, children }: CheckboxFieldsetProps) {
  return (
    <fieldset className="sm:col-span-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium text-foreground">{legend}</legend>
      <div className={listClassName}>
        {choices.map((choice) => (
          <Checkbox
            key={choice.value}
            label={choice.label}
            checked={isTicked(choice.value)}
            disabled={disabled}
            onChange={(event) => onToggle(choice.value, event.target.checked)}
            className="min-h-10"
            data-testid={`${testId}-${choice.value.replaceAll(' ', '-')}`}
          />
        ))}
      </div>
      {children}
      {hint ? <p className="mt-1 text-xs text-foreground-muted">{hint}</p> : null}
    </fieldset>
  );
}
