import { pickedCompletion, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { completeConfig } from './config-completion';

/**
 * completeConfig as a CodeMirror completion source. CodeMirror filters the options by the text between `from`
 * and `to`, so the result ends at the cursor; a closing quote the editor typed after it is replaced by `apply`
 * (which writes its own).
 */
export function completionSource(context: CompletionContext): CompletionResult | null {
  const result = completeConfig(context.state.doc.toString(), context.pos);
  // Outside a string, an empty word only completes on request (Ctrl-Space), not after every bracket.
  if (!result || (!context.explicit && result.from === context.pos && !/["\w]/.test(context.state.sliceDoc(context.pos - 1, context.pos)))) {
    return null;
  }
  const trailing = result.to - context.pos;
  const options = result.options.map(
    (option): Completion => ({
      label: option.label,
      type: option.type,
      detail: option.detail,
      apply: (view: EditorView, completion: Completion, from: number, to: number) => {
        const end = trailing > 0 && view.state.sliceDoc(to, to + trailing) === '"' ? to + trailing : to;
        view.dispatch({
          changes: { from, to: end, insert: option.apply },
          selection: { anchor: from + option.apply.length },
          annotations: pickedCompletion.of(completion),
          userEvent: 'input.complete',
        });
      },
    }),
  );
  return { from: result.from, to: context.pos, options, validFor: /^[\w-]*$/ };
}
