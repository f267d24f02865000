import type { Text } from '@codemirror/state';
import type { Diagnostic } from '@codemirror/lint';
import type { VerifyProblem } from './api-types.js';

/** The characters a marked problem covers from where verify located it: the word there. */
const WORD = /^[^\s<>"'=,:{}[\]]+/;

/** The position of a problem's line and column in the document (1-based both), clamped to it; null when it has no line. */
export function positionOf(doc: Text, p: VerifyProblem): number | null {
  if (p.line === null) return null;
  const line = doc.line(Math.min(Math.max(p.line, 1), doc.lines));
  return Math.min(line.from + Math.max((p.column ?? 1) - 1, 0), line.to);
}

/**
 * Verify's problems in this file as CodeMirror diagnostics, each underlining the word at its
 * line and column (a problem about the whole file marks its start). Problems of other files
 * (an import, the bean file of a sheet) are not marked here: the panel lists them.
 */
export function verifyDiagnostics(doc: Text, problems: readonly VerifyProblem[], path: string): Diagnostic[] {
  return problems.filter((p) => p.file === path).map((p) => {
    const from = positionOf(doc, p) ?? 0;
    const rest = doc.sliceString(from, doc.lineAt(from).to);
    const to = from + (WORD.exec(rest)?.[0].length ?? Math.min(rest.length, 1));
    return {
      from, to, severity: p.severity === 'warning' ? 'warning' : 'error', source: p.code,
      message: [p.message, ...(p.hints ?? []).map((h) => `hint: ${h}`)].join('\n'),
    };
  });
}
