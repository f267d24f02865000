import type { VerifyResult } from '../beans/verify/verify-beans.js';
import { isAbsolute, relative } from 'node:path';
import { isError, type Diagnostic } from '../util/diagnostic.js';

import type { VerifyLevel, VerifyProblem, VerifyReport } from '../wire/verify-report.js';

export type { VerifyLevel, VerifyProblem, VerifyReport };

const LEVEL_NAMES = { 1: 'parse', 2: 'wire', 3: 'validate' } as const;

/**
 * Verify's result as a list of plain objects. A level runs only once the one before it found no
 * error, so every error belongs to the last level that ran; a warning is from building the graph.
 */
export function verifyReport(result: VerifyResult, jobDir?: string): VerifyReport {
  const level = LEVEL_NAMES[result.level];
  const errors = verifyProblems(result.diagnostics, level, jobDir);
  return { ok: !result.diagnostics.some(isError), level, beans: result.resolved?.beans.length ?? 0, errors, at: new Date().toISOString() };
}

/** Diagnostics as the API lists them; errors are of `level`, warnings of building the graph. */
export function verifyProblems(diagnostics: readonly Diagnostic[], level: VerifyLevel, jobDir?: string): VerifyProblem[] {
  return diagnostics.map((d) => {
    const loc = d.location;
    return {
      file: loc ? shown(loc.file, jobDir) : null, line: loc?.line ?? null, column: loc?.column ?? null, code: d.code, bean: d.bean ?? null, property: d.property ?? null,
      level: isError(d) ? level : 'wire', severity: isError(d) ? 'error' : 'warning', message: d.message, ...(d.hints ? { hints: d.hints } : {}),
    };
  });
}

/** A file inside the job folder by its path there; any other by its full path. */
function shown(file: string, jobDir: string | undefined): string {
  if (jobDir === undefined) return file;
  const rel = relative(jobDir, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}
