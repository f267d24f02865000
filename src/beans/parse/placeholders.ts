/** The environment placeholders are read from (process.env, or a test's own). */
export type Environment = Readonly<Record<string, string | undefined>>;

export interface Expanded {
  readonly text: string;
  /** What could not be resolved, each at its offset in the original text. */
  readonly problems: ReadonlyArray<{ readonly offset: number; readonly message: string }>;
}

/** `${NAME}` or `${NAME:default}`, Spring's property placeholder. */
const PLACEHOLDER = /\$\{([^}:]*)(?::([^}]*))?\}/g;
/**
 * The one expression Heritrix files use: `systemEnvironment['NAME']`, optionally with a default
 * after `?:`, a quoted string or a number or boolean literal (`?: 5`, `?: -1`, `?: false`).
 */
const ENVIRONMENT_EXPRESSION = /^\s*systemEnvironment\s*\[\s*(['"])([^'"]+)\1\s*\]\s*(?:\?:\s*(?:(['"])(.*)\3|(-?\d+(?:\.\d+)?|true|false)|([A-Za-z_][\w.]*))\s*)?$/;

/**
 * Spring's placeholders, as Heritrix files use them, filled in from the environment:
 * `${NAME:default}` always; `${NAME}` without a default only where `strict` (an import's
 * resource, which Spring resolves against the environment), since in values it is how
 * `${launchId}` and the WARC template's tokens are written, which later steps fill in; and
 * `#{systemEnvironment['NAME'] ?: 'default'}`. Any other `#{...}` is a Spring expression
 * beancrawl does not evaluate, and is reported rather than kept as text.
 */
export function expandPlaceholders(text: string, env: Environment, strict: boolean): Expanded {
  if (!text.includes('${') && !text.includes('#{')) return { text, problems: [] };
  const problems: Array<{ offset: number; message: string }> = [];
  // Offsets are kept against the original text: expressions first, then placeholders, each on the original.
  const pieces: Array<{ start: number; end: number; value: string }> = [];
  for (const m of expressions(text)) {
    const env1 = ENVIRONMENT_EXPRESSION.exec(m[1]);
    if (!env1) {
      problems.push({ offset: m.index, message: `the Spring expression "${m[0]}" is not supported; only #{systemEnvironment['NAME'] ?: 'default'} ` +
        `is (or a number or true/false as the default)` });
      continue;
    }
    const value = env[env1[2]] ?? env1[4] ?? env1[5];
    // A bare name after ?: is a reference in Spring's language, evaluated only when the variable is unset: then it fails, as in Spring.
    if (value === undefined && env1[6] !== undefined) problems.push({ offset: m.index, message: `environment variable ${env1[2]} is not set, and ` +
      `the default "${env1[6]}" of "${m[0]}" is a Spring reference, not a value (quote it: ?: '${env1[6]}')` });
    else if (value === undefined) problems.push({ offset: m.index, message: `environment variable ${env1[2]} is not set, and "${m[0]}" gives no ` +
      `default (add ?: 'default')` });
    else pieces.push({ start: m.index, end: m.index + m[0].length, value });
  }
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (pieces.some((p) => m.index >= p.start && m.index < p.end)) continue;
    const [whole, name, fallback] = m;
    const value = env[name] ?? fallback;
    if (value !== undefined && (fallback !== undefined || strict)) pieces.push({ start: m.index, end: m.index + whole.length, value });
    else if (strict) problems.push({ offset: m.index, message: `environment variable ${name} is not set, and "${whole}" gives no default (write ` +
      `\${${name}:default})` });
  }
  pieces.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const p of pieces) {
    out += text.slice(at, p.start) + p.value;
    at = p.end;
  }
  return { text: out + text.slice(at), problems };
}

/** Each `#{...}` of the text, its braces balanced (a default may hold `${launchId}`), as a match: whole, inner, index. */
function* expressions(text: string): Generator<{ 0: string; 1: string; index: number }> {
  for (let start = text.indexOf('#{'); start !== -1; start = text.indexOf('#{', start + 2)) {
    let depth = 0;
    for (let i = start + 1; i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) {
        yield { 0: text.slice(start, i + 1), 1: text.slice(start + 2, i), index: start };
        start = i - 1;
        break;
      }
    }
  }
}
