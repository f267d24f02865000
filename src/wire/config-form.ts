import type { VerifyProblem, VerifyReport } from './verify-report.js';

/**
 * One change to a job's configuration as a form makes it (PATCH …/config): a value, a reference,
 * a property back to its default, or the bean's class swapped for another component of the same
 * kind. `bean` is a bean's id, or an inner bean's path (`seeds.textSource`).
 */
export type ConfigEdit =
  | { readonly op: 'set'; readonly bean: string; readonly property: string; readonly value: string | number | boolean }
  | { readonly op: 'ref'; readonly bean: string; readonly property: string; readonly ref: string }
  | { readonly op: 'unset'; readonly bean: string; readonly property: string }
  | { readonly op: 'class'; readonly bean: string; readonly className: string };

/** A place in one of the job's files (`file` relative to the job folder), or outside it (`file` absolute, not editable). */
export interface FormLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A property of a bean as a form shows it: its value in effect, where it comes from and where that is written. */
export interface FormValue {
  readonly name: string;
  readonly value: unknown;
  readonly source: 'default' | 'file' | 'override' | 'set';
  readonly at?: FormLocation;
}

/** A bean property holding other beans: their ids (inner beans by path), as written or autowired. */
export interface FormReference {
  readonly name: string;
  readonly kind: string;
  readonly shape: 'one' | 'list' | 'map';
  readonly ids: readonly string[];
  readonly autowired: boolean;
}

export interface FormBean {
  readonly id: string;
  readonly className: string;
  readonly kinds: readonly string[];
  readonly inner: boolean;
  readonly at: FormLocation;
  /** False for a bean read from a file outside the job folder (a `classpath:` import): a form edit could not be written there. */
  readonly editable: boolean;
  readonly values: readonly FormValue[];
  readonly references: readonly FormReference[];
}

/** GET …/config: every bean with its values and references, its files' tags, and verify's problems. */
export interface ConfigForm {
  readonly files: Readonly<Record<string, string>>;
  readonly beans: readonly FormBean[];
  readonly problems: readonly VerifyProblem[];
}

/** What a form edit did: the file it changed, its new tag, the lines that changed as they were and are, and what else it did. */
export interface ConfigEditResult {
  readonly file: string;
  readonly etag: string;
  readonly notes: readonly string[];
  readonly changed: { readonly line: number; readonly before: string; readonly after: string };
}

/** PATCH …/config's answer: the edit's result and the job's verify result after it. */
export interface ConfigEditAnswer extends ConfigEditResult {
  readonly verify: VerifyReport;
}
