/** One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1): its scheme and auth-params. */
export interface AuthChallenge {
  /** Lower-cased: `basic`, `digest`, ... */
  readonly scheme: string;
  /** Parameter names lower-cased, quoted values unquoted. */
  readonly params: Readonly<Record<string, string>>;
}

const TOKEN = /[!#$%&'*+.^_`|~0-9A-Za-z-]+/y;
const QUOTED = /"((?:[^"\\]|\\.)*)"/y;
const SPACE = /[ \t]*/y;
const SEPARATORS = /[ \t,]*/y;

/**
 * The challenges of `WWW-Authenticate` values, in order. A value may hold several challenges,
 * each a scheme followed by comma-separated `name=value` or `name="quoted value"` parameters
 * (`Digest realm="a, b", nonce=x, Basic realm="c"`); a token68 (`Negotiate abc==`) is skipped.
 */
export function parseChallenges(values: readonly string[]): AuthChallenge[] {
  const out: AuthChallenge[] = [];
  for (const value of values) scanChallenges(value, out);
  return out;
}

function scanChallenges(text: string, out: AuthChallenge[]): void {
  let pos = 0;
  const take = (re: RegExp): string | undefined => {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (m === null) return undefined;
    pos = re.lastIndex;
    return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[0];
  };
  for (;;) {
    take(SEPARATORS);
    const scheme = take(TOKEN);
    if (scheme === undefined) {
      if (pos >= text.length) return;
      pos++; // the rest of a token68, or stray text
      continue;
    }
    const params: Record<string, string> = {};
    out.push({ scheme: scheme.toLowerCase(), params });
    for (;;) {
      const start = pos;
      take(SEPARATORS);
      const name = take(TOKEN);
      take(SPACE);
      if (name === undefined || text[pos] !== '=') {
        pos = start;
        break;
      }
      pos++;
      take(SPACE);
      params[name.toLowerCase()] = (text[pos] === '"' ? take(QUOTED) : take(TOKEN)) ?? '';
    }
  }
}
