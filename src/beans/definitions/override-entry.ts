import type { SourceLocation } from '../../util/source-location.js';
import type { ValueNode, ValueSource } from './bean-definition.js';

/** One `beanId.path.to.property = value` override, from a configurer bean or from `--set`. */
export interface OverrideEntry {
  readonly key: string;
  readonly keyLoc: SourceLocation;
  readonly value: ValueNode;
  readonly source: Extract<ValueSource, 'override' | 'set'>;
  /** Spring's `ignoreInvalidKeys`: a path that names nothing is skipped instead of reported. */
  readonly ignoreInvalid?: boolean;
}

/** Spring's PropertyOverrideConfigurer, under its short and fully qualified names. */
export const OVERRIDE_CONFIGURER_CLASSES: readonly string[] = [
  'PropertyOverrideConfigurer',
  'org.springframework.beans.factory.config.PropertyOverrideConfigurer',
];

/** `--set bean.path=value` arguments, located as `--set:N:1` for the Nth one. */
export function commandLineOverrides(sets: readonly string[]): { entries: OverrideEntry[]; malformed: number[] } {
  const entries: OverrideEntry[] = [];
  const malformed: number[] = [];
  sets.forEach((arg, i) => {
    const eq = arg.indexOf('=');
    const keyLoc = { file: '--set', line: i + 1, column: 1 };
    if (eq <= 0) malformed.push(i);
    else entries.push({ key: arg.slice(0, eq).trim(), keyLoc, value: { kind: 'text', text: arg.slice(eq + 1), loc: { ...keyLoc, column: eq + 2 } }, source: 'set' });
  });
  return { entries, malformed };
}
