import type { VerifyResult } from '../beans/verify/verify-beans.js';
import { isAbsolute, relative } from 'node:path';
import { isError } from '../util/diagnostic.js';

/** The level of checking a problem was found at: well-formed files, building the graph, each bean's own rules. */
export type VerifyLevel = 'parse' | 'wire' | 'validate';

const LEVEL_NAMES = { 1: 'parse', 2: 'wire', 3: 'validate' } as const;

/** One problem verify found, as the service's API gives it: what `verify` prints, field by field. */
export interface VerifyProblem {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly code: string;
  readonly bean?: string;
  readonly property?: string;
  readonly level: VerifyLevel;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly hints?: readonly string[];
}

/** A verify run as the API reports it: whether it passed, how far it got, and every problem. */
export interface VerifyReport {
  readonly ok: boolean;
  readonly level: VerifyLevel;
  readonly beans: number;
  readonly errors: readonly VerifyProblem[];
  readonly at: string;
}

/**
 * Verify's result as a list of plain objects. A level runs only once the one before it found no
 * error, so every error belongs to the last level that ran; a warning is from building the graph.
 */
export function verifyReport(result: VerifyResult, jobDir?: string): VerifyReport {
  const level = LEVEL_NAMES[result.level];
  const errors = result.diagnostics.map((d): VerifyProblem => {
    const loc = d.location;
    return {
      file: loc && shown(loc.file, jobDir), line: loc?.line, column: loc?.column, code: d.code, bean: d.bean, property: d.property,
      level: isError(d) ? level : 'wire', severity: isError(d) ? 'error' : 'warning', message: d.message, hints: d.hints,
    };
  });
  return { ok: !result.diagnostics.some(isError), level, beans: result.resolved?.beans.length ?? 0, errors, at: new Date().toISOString() };
}

/** A file inside the job folder by its path there; any other by its full path. */
function shown(file: string, jobDir: string | undefined): string {
  if (jobDir === undefined) return file;
  const rel = relative(jobDir, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}
