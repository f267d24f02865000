import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { api } from './api.js';
import type { ServiceCompletion } from './api-types.js';

/** The file being edited, as the authoring routes take it. */
export interface AuthoringTarget {
  readonly job: string;
  readonly path: string;
  readonly format: 'xml' | 'json';
}

/**
 * Completion from the service (class names, the enclosing bean's properties with inherited ones,
 * enum and boolean values, ids of beans of the kind a reference needs…), asked at each request
 * with the unsaved text. The service's order is kept (best first) through `boost`; CodeMirror
 * filters by what is typed since the range's start. A completion puts `insertText ?? label` over
 * its range, and the cursor at its `caret` when it has one.
 */
export function authoringCompletion(target: AuthoringTarget): CompletionSource {
  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const text = context.state.doc.toString();
    let answer: { completions: ServiceCompletion[] };
    try {
      answer = await api<{ completions: ServiceCompletion[] }>('POST', '/api/v1/authoring/complete', { text, offset: context.pos, format: target.format, job: target.job, path: target.path });
    } catch {
      return null;
    }
    if (context.aborted || answer.completions.length === 0) return null;
    const from = Math.min(...answer.completions.map((c) => c.replaceFrom));
    const options: Completion[] = answer.completions.map((c, i) => ({
      label: c.label, type: c.kind, detail: c.detail, info: c.documentation, boost: Math.max(-99, 99 - i),
      apply: (view: EditorView, _completion: Completion, _from: number, to: number) => {
        const insert = c.insertText ?? c.label;
        // Typed since the request: the range grows with it.
        const end = Math.max(to, c.replaceTo + (to - context.pos));
        view.dispatch({
          changes: { from: c.replaceFrom, to: Math.min(end, view.state.doc.length), insert },
          selection: { anchor: c.replaceFrom + (c.caret ?? insert.length) },
          userEvent: 'input.complete',
        });
      },
    }));
    return { from, options, filter: true };
  };
}
