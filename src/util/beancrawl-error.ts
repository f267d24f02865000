import { formatDiagnostic, type Diagnostic } from './diagnostic.js';

/** An error that carries located diagnostics; the CLI prints them and exits 1. */
export class BeancrawlError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'BeancrawlError';
  }
}
