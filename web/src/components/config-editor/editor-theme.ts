import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * The editor in the app's theme: every colour is a CSS variable of the light/dark themes, so switching the theme
 * needs no reconfiguration of the editor.
 */
const chrome = EditorView.theme({
  '&': { color: 'var(--color-foreground)', backgroundColor: 'var(--color-surface)', fontSize: '13px', height: '100%' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.5' },
  '.cm-content': { caretColor: 'var(--color-primary)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-primary)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: 'var(--color-primary-soft)' },
  '.cm-gutters': { backgroundColor: 'var(--color-surface-raised)', color: 'var(--color-foreground-muted)', borderRight: '1px solid var(--color-border)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--color-muted) 50%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--color-muted)' },
  '.cm-matchingBracket': { backgroundColor: 'var(--color-primary-soft)', outline: '1px solid var(--color-primary)' },
  '.cm-tooltip': { backgroundColor: 'var(--color-surface-raised)', color: 'var(--color-foreground)', border: '1px solid var(--color-border)' },
  '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--color-primary)', color: 'var(--color-primary-foreground)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--color-danger)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--color-muted)', color: 'var(--color-foreground-muted)', border: 'none' },
  '.cm-panels': { backgroundColor: 'var(--color-surface-raised)', color: 'var(--color-foreground)' },
});

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--color-primary)' },
  { tag: tags.string, color: 'var(--color-success)' },
  { tag: tags.number, color: 'var(--color-info)' },
  { tag: [tags.bool, tags.null], color: 'var(--color-warning)' },
  { tag: tags.invalid, color: 'var(--color-danger)' },
]);

export const editorTheme = [chrome, syntaxHighlighting(highlight)];
