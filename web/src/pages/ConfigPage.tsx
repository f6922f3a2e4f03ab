import { ConfigEditorView } from '../views/config/ConfigEditorView';

/** Lazy (web/src/app/lazy-pages.ts): CodeMirror loads only with this page. */
export function ConfigPage() {
  return <ConfigEditorView />;
}
