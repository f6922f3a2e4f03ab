import type { FormEvent, ReactNode } from 'react';
import type { Feedback } from '../../hooks/use-settings-form';
import { Button } from '../ui/Button';
import { FormFeedback } from './FormFeedback';

export interface SettingsFormProps {
  /** From useSettingsForm: whether a save is running and the last answer. */
  form: { saving: boolean; feedback: Feedback };
  /** Called on submit when the user may save and nothing blocks it. */
  onSave: () => void;
  /** Without the right to change the settings there is no save button (`readOnlyNote` says so, if given). */
  canEdit?: boolean;
  /** A field is invalid or nothing changed: Save stays disabled. */
  blocked?: boolean;
  /** Translated: the button's label and its label while saving. */
  saveLabel: string;
  savingLabel: string;
  readOnlyNote?: string;
  testId: string;
  saveTestId: string;
  children: ReactNode;
}

/** The frame of a settings form: the fields, the answer to the last save (inline feedback) and the save button. */
export function SettingsForm({ form, onSave, canEdit = true, blocked = false, saveLabel, savingLabel, readOnlyNote, testId, saveTestId, children }: SettingsFormProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (canEdit && !blocked) onSave();
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid={testId}>
      {children}
      <FormFeedback feedback={form.feedback} />
      {canEdit ? (
        <div className="flex justify-end">
          <Button type="submit" disabled={blocked || form.saving} data-testid={saveTestId}>
            {form.saving ? savingLabel : saveLabel}
          </Button>
        </div>
      ) : readOnlyNote ? (
        <p className="text-sm text-foreground-muted">{readOnlyNote}</p>
      ) : null}
    </form>
  );
}
