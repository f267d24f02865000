/**
 * Verify's result as the service's API gives it. The modules of src/wire are the API's shapes:
 * type-only, importing nothing but each other, so that the server that makes them and the
 * console that reads them share one declaration.
 */

/** The level of checking a problem was found at: well-formed files, building the graph, each bean's own rules. */
export type VerifyLevel = 'parse' | 'wire' | 'validate';

/** One problem verify found: what `verify` prints, field by field. */
export interface VerifyProblem {
  /** Null for a problem in no file; line and column null for one about a whole file. */
  readonly file: string | null;
  readonly line: number | null;
  readonly column: number | null;
  readonly code: string;
  /** Null when the problem is about no bean or no property. */
  readonly bean: string | null;
  readonly property: string | null;
  readonly level: VerifyLevel;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly hints?: readonly string[];
}

/** A verify run: whether it passed, how far it got, and every problem. */
export interface VerifyReport {
  readonly ok: boolean;
  readonly level: VerifyLevel;
  readonly beans: number;
  readonly errors: readonly VerifyProblem[];
  readonly at: string;
}
