import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { Diagnostic } from '../util/diagnostic.js';
import { suggestionsOf } from '../util/did-you-mean.js';
import type { LineOffsets } from './line-offsets.js';
import { tokenEnd } from './token-end.js';

/** What a published diagnostic carries for code actions: the names verify's "did you mean" offers. */
export interface DiagnosticData {
  readonly suggestions: readonly string[];
}

/**
 * A verify diagnostic as the editor shows it: at the whole name or value it is about (from its
 * line and column to the end of that token), with its code, bean and property in the message,
 * its hints below, a warning as a warning. A problem about a whole file (or none) sits at the
 * file's start.
 */
export function toLspDiagnostic(d: Diagnostic, lines: LineOffsets, format: 'xml' | 'json'): LspDiagnostic {
  let from = 0;
  let to = 0;
  if (d.location?.line !== undefined) {
    from = lines.offsetOf(d.location.line, d.location.column);
    to = tokenEnd(lines.text, from, format);
  }
  const subject = [d.bean !== undefined ? `bean "${d.bean}"` : '', d.property !== undefined ? `property "${d.property}"` : ''].filter(Boolean).join(' ');
  const message = [`${subject ? `${subject}: ` : ''}${d.message}`, ...(d.hints ?? []).map((h) => `hint: ${h}`)].join('\n');
  const suggestions = suggestionsOf(d.hints);
  return {
    range: { start: lines.positionOf(from), end: lines.positionOf(to) },
    severity: d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
    code: d.code,
    source: 'beancrawl',
    message,
    ...(suggestions.length ? { data: { suggestions } satisfies DiagnosticData } : {}),
  };
}
