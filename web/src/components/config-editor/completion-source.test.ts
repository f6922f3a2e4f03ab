import { CompletionContext, type Completion } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { completionSource } from './completion-source';

function complete(doc: string, pos: number, explicit = false) {
  const state = EditorState.create({ doc, selection: { anchor: pos }, extensions: [json()] });
  return { state, result: completionSource(new CompletionContext(state, pos, explicit)) };
}

describe('completionSource (the CodeMirror side of completeConfig)', () => {
  it('ends at the cursor, so the typed word filters the keys', () => {
    const { state, result } = complete('{"recordings": {"rem"}}', 20);
    expect(result).toMatchObject({ from: 17, to: 20 });
    expect(state.sliceDoc(result?.from, result?.to)).toBe('rem');
    expect(result?.options.map((option) => option.label)).toContain('removeAfter');
  });

  it('applying a key replaces the closing quote the editor typed and leaves the cursor after the colon', () => {
    const { state, result } = complete('{"recordings": {"rem"}}', 20);
    const view = new EditorView({ state });
    const option = result?.options.find((o) => o.label === 'removeAfter') as Completion;
    (option.apply as (view: EditorView, completion: Completion, from: number, to: number) => void)(view, option, 17, 20);
    expect(view.state.doc.toString()).toBe('{"recordings": {"removeAfter": }}');
    expect(view.state.selection.main.head).toBe('{"recordings": {"removeAfter": '.length);
    view.destroy();
  });

  it('stays quiet after a bracket unless asked', () => {
    expect(complete('{\n', 2).result).toBeNull();
    expect(complete('{\n', 2, true).result?.options.map((o) => o.label)).toContain('cameras');
  });
});
