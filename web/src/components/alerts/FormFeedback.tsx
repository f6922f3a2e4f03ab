/** The answer to the last save or rotation, shown inside the channel card (translated, next to the fields). */
export type Feedback = { kind: 'success' | 'error'; text: string } | null;

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
