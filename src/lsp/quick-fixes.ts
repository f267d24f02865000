import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { DiagnosticData } from './to-lsp-diagnostic.js';

/**
 * The quick fixes of the diagnostics at a place: for each name verify suggests ("did you mean"),
 * the misspelt name replaced by it: a property, a class, a bean id, the last segment of an
 * override path (BC_OVERRIDE_PATH); in JSON inside its quotes. `textOf` gives the text a diagnostic's range covers.
 */
export function quickFixes(uri: string, diagnostics: readonly LspDiagnostic[], textOf: (d: LspDiagnostic) => string): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    const suggestions = (d.data as Partial<DiagnosticData> | undefined)?.suggestions;
    if (d.source !== 'beancrawl' || !Array.isArray(suggestions)) continue;
    const written = textOf(d);
    if (!written) continue;
    suggestions.forEach((s, i) => {
      if (typeof s !== 'string') return;
      out.push({
        title: `Replace with "${s}"`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: i === 0,
        edit: { changes: { [uri]: [{ range: d.range, newText: replacement(written, s, d.code === 'BC_OVERRIDE_PATH') }] } },
      });
    });
  }
  return out;
}

/** The text the range gets: the suggestion in the form of what is written there. */
function replacement(written: string, suggestion: string, path: boolean): string {
  const quoted = written.length >= 2 && written.startsWith('"') && written.endsWith('"');
  const inner = quoted ? written.slice(1, -1) : written;
  const dot = inner.lastIndexOf('.');
  const fixed = path && dot >= 0 && !suggestion.includes('.') ? `${inner.slice(0, dot + 1)}${suggestion}` : suggestion;
  return quoted ? JSON.stringify(fixed) : fixed;
}
