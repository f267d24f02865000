/** What the authoring API (and the language server) answers: completions and hovers in a bean file. */

/** What a completion offers: the editor shows it with a matching icon. */
export type CompletionKind = 'class' | 'property' | 'value' | 'beanId' | 'element' | 'attribute' | 'overrideKey' | 'import';
/**
 * One completion. It replaces the text from `replaceFrom` to `replaceTo` (offsets into the
 * text; CodeMirror's `from`/`to`, an LSP TextEdit's range) with `insertText`, or with `label`
 * when there is none. Lists of completions are in rank order, best first.
 */
export interface Completion {
  readonly label: string;
  readonly kind: CompletionKind;
  /** A short line beside the label: a property's type and default, a class's one-line description, a bean's class. */
  readonly detail?: string;
  /** Markdown shown beside the list for the selected completion. */
  readonly documentation?: string;
  readonly insertText?: string;
  /** Where the caret goes, as an offset into the inserted text (its end when absent): `class=""` puts it between the quotes. */
  readonly caret?: number;
  readonly replaceFrom: number;
  readonly replaceTo: number;
}

/** What hovering over a name shows: markdown, and the range of text it is about. */
export interface Hover {
  readonly contents: string;
  readonly from: number;
  readonly to: number;
}
