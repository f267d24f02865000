import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from 'vscode-languageserver/node';
import type { Completion, CompletionKind } from '../beans/authoring/completion.js';
import type { LineOffsets } from './line-offsets.js';

const KINDS: Readonly<Record<CompletionKind, CompletionItemKind>> = {
  class: CompletionItemKind.Class,
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  beanId: CompletionItemKind.Reference,
  element: CompletionItemKind.Keyword,
  attribute: CompletionItemKind.Field,
  overrideKey: CompletionItemKind.Property,
  import: CompletionItemKind.File,
};

/**
 * One of the authoring functions' completions as an LSP item: a text edit of the range it
 * replaces, in rank order (`sortText`), the caret placed with a snippet's `$0` when the client
 * takes snippets (`class=""` puts it between the quotes). Without `withDocumentation` the
 * markdown is left for completionItem/resolve (a list of every class is long).
 */
export function toCompletionItem(c: Completion, rank: number, lines: LineOffsets, snippets: boolean, withDocumentation = true): CompletionItem {
  const text = c.insertText ?? c.label;
  const range = { start: lines.positionOf(c.replaceFrom), end: lines.positionOf(c.replaceTo) };
  const caret = snippets && c.caret !== undefined && c.caret < text.length;
  const newText = caret ? `${escapeSnippet(text.slice(0, c.caret))}$0${escapeSnippet(text.slice(c.caret))}` : text;
  return {
    label: c.label,
    kind: KINDS[c.kind],
    ...(c.detail !== undefined ? { detail: c.detail } : {}),
    ...(c.documentation !== undefined && withDocumentation ? { documentation: { kind: MarkupKind.Markdown, value: c.documentation } } : {}),
    sortText: String(rank).padStart(5, '0'),
    filterText: c.label,
    insertTextFormat: caret ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    textEdit: { range, newText },
  };
}

function escapeSnippet(s: string): string {
  return s.replace(/[\\$}]/g, (c) => `\\${c}`);
}
