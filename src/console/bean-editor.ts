import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { xml } from '@codemirror/lang-xml';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers,
} from '@codemirror/view';

/** What a bean editor is made of besides its text. */
export interface BeanEditorOptions {
  readonly text: string;
  readonly format: 'xml' | 'json';
  /** The editor's accessible name. */
  readonly label: string;
  /** Verify's problems of the text, checked again this long after the last change. */
  readonly lint: (view: EditorView) => Promise<readonly Diagnostic[]>;
  readonly lintDelayMs?: number;
  readonly complete: CompletionSource;
  readonly hover: Extension;
  /** Ctrl-S / Cmd-S. */
  readonly onSave: () => void;
  /** Every change of the text. */
  readonly onChange: (view: EditorView) => void;
}

/**
 * A CodeMirror 6 editor of a bean file or sheet: XML or JSON highlighted, line numbers, undo,
 * bracket matching, folding; verify's problems underlined and in the gutter (linted again a
 * while after typing stops), completion and hover from the service, and Mod-S to save.
 */
export function createBeanEditor(parent: HTMLElement, o: BeanEditorOptions): EditorView {
  const extensions: Extension[] = [
    lineNumbers(), highlightActiveLineGutter(), foldGutter(), highlightSpecialChars(), history(), drawSelection(),
    indentOnInput(), syntaxHighlighting(defaultHighlightStyle, { fallback: true }), bracketMatching(), closeBrackets(), highlightActiveLine(),
    o.format === 'json' ? json() : xml(),
    autocompletion({ override: [o.complete], activateOnTyping: true }),
    o.hover,
    linter(async (view) => [...(await o.lint(view))], { delay: o.lintDelayMs ?? 600 }),
    lintGutter(),
    keymap.of([
      { key: 'Mod-s', preventDefault: true, run: () => (o.onSave(), true) },
      ...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap, ...lintKeymap, indentWithTab,
    ]),
    // tabindex: axe counts a contenteditable focusable (its scroller keyboard-reachable) only with one.
    EditorView.contentAttributes.of({ 'aria-label': o.label, tabindex: '0' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) o.onChange(update.view);
    }),
  ];
  // In a shadow root, style-mod gives CodeMirror's styles as an adopted style sheet; in the
  // document it would add a <style> element, which the page's CSP (style-src 'self') refuses.
  const root = parent.shadowRoot ?? parent.attachShadow({ mode: 'open' });
  return new EditorView({ state: EditorState.create({ doc: o.text, extensions: [...extensions, EDITOR_THEME] }), parent: root, root });
}

/** The console's look inside the editor (console.css does not reach into its shadow root); colours of at least 4.5:1. */
const EDITOR_THEME = EditorView.theme({
  '&': { height: '32rem', fontSize: '0.9rem', backgroundColor: '#ffffff', color: '#1f2328' },
  '&.cm-focused': { outline: '3px solid #0969da' },
  '.cm-scroller': { fontFamily: '"DejaVu Sans Mono", ui-monospace, monospace' },
  '.cm-gutters': { backgroundColor: '#f6f8fa', color: '#59636e', borderRight: '1px solid #d1d9e0' },
  '.cm-activeLineGutter': { backgroundColor: '#e6eaef' },
  '.hover-text': { maxWidth: '36rem', padding: '0.2rem 0.5rem', fontFamily: '"DejaVu Sans", system-ui, sans-serif' },
  '.hover-text p': { margin: '0.2rem 0' },
});
