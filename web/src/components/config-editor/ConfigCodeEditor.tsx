import { json, jsonLanguage } from '@codemirror/lang-json';
import { syntaxTree } from '@codemirror/language';
import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { completionSource } from './completion-source';
import { lintConfigText, mergeIssues, type ConfigIssue, type DescribeMessage, type LintMessages } from './config-lint';
import { editorTheme } from './editor-theme';
import { serverIssuesField, setServerIssues } from './server-issues';

export interface ConfigEditorTexts extends LintMessages {
  source: Record<ConfigIssue['source'], string>;
  describe: DescribeMessage;
}

/** What the page can do with the editor. */
export interface ConfigEditorHandle {
  getText: () => string;
  /** Replaces the whole text (revert, format, reload) as one undoable change. */
  setText: (text: string) => void;
  showServerIssues: (issues: ConfigIssue[]) => void;
  /** Moves the cursor to an issue and scrolls it into view. */
  reveal: (from: number) => void;
}

export interface ConfigCodeEditorProps {
  initialText: string;
  texts: ConfigEditorTexts;
  onChange: (text: string) => void;
  onIssues: (issues: ConfigIssue[]) => void;
  onReady: (handle: ConfigEditorHandle) => void;
  label: string;
}


/**
 * The editor lives in a shadow root: CodeMirror injects its styles at run time, which the app's CSP (style-src
 * 'self', no inline styles) refuses as <style> elements but allows as constructed style sheets, which is how
 * CodeMirror styles a shadow root. The theme's CSS variables reach inside it.
 */
function shadowMount(host: HTMLElement | null): { root: ShadowRoot | undefined; parent: HTMLElement } {
  const parent = document.createElement('div');
  parent.style.height = '100%';
  if (!host) return { root: undefined, parent };
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.append(parent);
  return { root, parent };
}

/** CodeMirror 6 on config.json: JSON highlighting, folding, the schema lint and completion, the server's issues. */
export function ConfigCodeEditor({ initialText, texts, onChange, onIssues, onReady, label }: ConfigCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  // The callbacks change every render; the editor is built once and reads them through this ref.
  const latest = useRef({ texts, onChange, onIssues });
  useLayoutEffect(() => {
    latest.current = { texts, onChange, onIssues };
  });

  useEffect(() => {
    const lintSource = (view: EditorView): Diagnostic[] => {
      const { texts: current } = latest.current;
      const text = view.state.doc.toString();
      const issues = mergeIssues(lintConfigText(text, current, current.describe, syntaxTree(view.state)), view.state.field(serverIssuesField));
      latest.current.onIssues(issues);
      return issues.map((issue) => ({ from: issue.from, to: issue.to, severity: 'error', message: issue.message, source: current.source[issue.source] }));
    };
    const mount = shadowMount(host.current);
    const view = new EditorView({
      parent: mount.parent,
      root: mount.root,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          basicSetup,
          json(),
          jsonLanguage.data.of({ autocomplete: completionSource }),
          serverIssuesField,
          linter(lintSource, {
            delay: 250,
            // The server's issues arrive without a document change: lint again to show them.
            needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((effect) => effect.is(setServerIssues))),
          }),
          lintGutter(),
          editorTheme,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    onReady({
      getText: () => view.state.doc.toString(),
      setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
      showServerIssues: (issues) => {
        view.dispatch({ effects: setServerIssues.of(issues) });
        forceLinting(view);
      },
      reveal: (from) => {
        view.dispatch({ selection: { anchor: from }, scrollIntoView: true });
        view.focus();
      },
    });
    return () => {
      view.destroy();
      mount.parent.remove();
    };
    // Built once per mount: a new document (reload) remounts the component with a new key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="config-editor" />;
}
