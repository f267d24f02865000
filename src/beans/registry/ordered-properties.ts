import type { BeanView, ValidationIssue } from './component-descriptor.js';

/**
 * A `validate` rule across two properties: `lower` should not exceed `upper` (each times its
 * scale, to compare seconds with milliseconds). Reported at the property `at` names (the one
 * the descriptor declares second; `upper` unless told), naming both; a sheet that
 * sets either one gets the report at its own entry (`related`). A property at a value in
 * `off` (0: no limit) takes no part. `why` says what the values then mean. An error unless
 * `severity` says warning: for pairs Heritrix accepts and gives a meaning (its own test
 * profiles set maxDelayMs below minDelayMs), a located warning saying what happens instead.
 */
export function orderedIssues(bean: BeanView, lower: Bound, upper: Bound, why: string, at: 'lower' | 'upper' = 'upper', severity?: 'warning'): ValidationIssue[] {
  const lo = Number(bean.config[lower.property]);
  const hi = Number(bean.config[upper.property]);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (lower.off?.includes(lo) || upper.off?.includes(hi)) return [];
  if (lo * (lower.scale ?? 1) <= hi * (upper.scale ?? 1)) return [];
  const [reported, other] = at === 'upper' ? [upper.property, lower.property] : [lower.property, upper.property];
  const scaled = (b: Bound, v: number) => (b.scale && b.scale !== 1 ? `${v}, × ${b.scale}` : `${v}`);
  return [{
    property: reported, related: [other], ...(severity ? { severity, code: 'BC_PROP_ORDER' as const } : {}),
    message: `${lower.property} (${scaled(lower, lo)}) is more than ${upper.property} (${scaled(upper, hi)}): ${why}`,
  }];
}

export interface Bound {
  readonly property: string;
  /** What the value is multiplied by before comparing (1000 for seconds against milliseconds). */
  readonly scale?: number;
  /** Values meaning "none" (0 for no limit), which no other value can contradict. */
  readonly off?: readonly number[];
}
