import { compileRobotsRule, type RobotsRule } from './robots-rule.js';

/** The two vocabularies a robots.txt group may state usage preferences in. */
export type UsageVocabulary = 'content-signal' | 'content-usage';

/**
 * One `Content-Signal` (contentsignals.org: `search=yes, ai-train=no`) or `Content-Usage` (IETF
 * aipref: `train-ai=n, search=y`) line of a group, with the path it is limited to, if any.
 */
export interface UsageRule {
  readonly vocabulary: UsageVocabulary;
  /** Matches the URIs the line is about (its path pattern, as Allow/Disallow match); absent: the whole site. */
  readonly path?: RobotsRule;
  /** Specificity: the pattern's length, 0 without one; the longest matching line of a vocabulary applies. */
  readonly length: number;
  /** Category → value, in the line's order (`yes`/`no`; `y`/`n`). */
  readonly preferences: Readonly<Record<string, string>>;
  /** The line's value as written. */
  readonly text: string;
}

const VALUES: Readonly<Record<UsageVocabulary, readonly string[]>> = { 'content-signal': ['yes', 'no'], 'content-usage': ['y', 'n'] };
const CATEGORY = /^[a-z][a-z0-9_.*-]*$/;

/**
 * A preference line's value read: an optional path pattern (starting with `/` or `*`), then the
 * preferences as a structured-field dictionary of tokens (`key=value, ...`, keys lower case, each
 * value one the vocabulary knows). A line that cannot be read gives why, never throws.
 */
export function parseUsageLine(vocabulary: UsageVocabulary, value: string): { rule: UsageRule } | { error: string } {
  let rest = value.trim();
  let path: RobotsRule | undefined;
  let length = 0;
  if (rest.startsWith('/') || rest.startsWith('*')) {
    const space = rest.search(/\s/);
    if (space < 0) return { error: `names a path (${rest}) but no preferences` };
    path = compileRobotsRule(rest.slice(0, space), true);
    length = path.length;
    rest = rest.slice(space).trim();
  }
  if (rest === '') return { error: 'states no preferences' };
  const preferences: Record<string, string> = {};
  for (const member of rest.split(',')) {
    const m = /^\s*([^=\s]+)\s*=\s*([^\s;]+)\s*(;.*)?$/.exec(member);
    if (m === null) return { error: `"${member.trim()}" is not a key=value member` };
    const [, key, v] = m;
    if (!CATEGORY.test(key)) return { error: `"${key}" is not a category (lower-case letters, digits, _ - . *)` };
    if (!VALUES[vocabulary].includes(v)) return { error: `${key}=${v}: the value must be ${VALUES[vocabulary].join(' or ')}` };
    preferences[key] = v;
  }
  return { rule: { vocabulary, path, length, preferences, text: value.trim() } };
}

/** The preferences the longest matching line of each vocabulary states for a path (already in match form). */
export function applicableUsage(rules: readonly UsageRule[], path: string): Partial<Record<UsageVocabulary, UsageRule>> {
  const found: Partial<Record<UsageVocabulary, UsageRule>> = {};
  for (const rule of rules) {
    if (rule.path !== undefined && !rule.path.matches(path)) continue;
    const before = found[rule.vocabulary];
    if (before === undefined || rule.length > before.length) found[rule.vocabulary] = rule;
  }
  return found;
}
