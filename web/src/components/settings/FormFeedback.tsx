import type { Feedback } from '../../hooks/use-settings-form';

/** The answer to the last save or action of a settings form, in the form (an error is read out at once). */
export function FormFeedback({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return feedback.kind === 'error' ? (
    <p role="alert" className="text-sm text-danger">
      {feedback.text}
    </p>
  ) : (
    <p role="status" className="text-sm text-success">
      {feedback.text}
    </p>
  );
}
