/** One `key=value` entry of a Java properties text, with offsets into that text. */
export interface PropertiesEntry {
  readonly key: string;
  readonly value: string;
  readonly keyOffset: number;
  readonly valueOffset: number;
  /** Set when the line has no separator (Java would read the whole line as a key with an empty value). */
  readonly malformed?: boolean;
}

const UNESCAPE: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };

/**
 * Reads the text format of java.util.Properties as Spring's PropertyOverrideConfigurer does:
 * `#`/`!` comments, `=`, `:` or white space between key and value, backslash continuation
 * lines and escapes (`\t \n \r \f \uXXXX`, any other `\c` is `c`).
 */
export function parseJavaProperties(text: string): PropertiesEntry[] {
  const entries: PropertiesEntry[] = [];
  // Lines with their real ends, so that offsets hold in a file with CRLF line ends too.
  const parts = text.split(/(\r\n|\r|\n)/);
  const lines = parts.filter((_, i) => i % 2 === 0);
  const ends = parts.filter((_, i) => i % 2 === 1).map((e) => e.length);
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    let logical = lines[i];
    const start = offset;
    offset += lines[i].length + (ends[i] ?? 0);
    const lead = logical.length - logical.trimStart().length;
    const body = logical.trimStart();
    if (!body || body[0] === '#' || body[0] === '!') continue;
    while (endsWithOddBackslashes(logical) && i + 1 < lines.length) {
      logical = logical.slice(0, -1) + lines[++i].trimStart();
      offset += lines[i].length + (ends[i] ?? 0);
    }
    entries.push(splitEntry(logical.slice(lead), start + lead));
  }
  return entries;
}

function endsWithOddBackslashes(s: string): boolean {
  let n = 0;
  for (let i = s.length - 1; i >= 0 && s[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

function splitEntry(line: string, at: number): PropertiesEntry {
  let i = 0;
  while (i < line.length && !'=: \t\f'.includes(line[i])) i += line[i] === '\\' ? 2 : 1;
  const key = unescapeProperty(line.slice(0, i));
  let j = i;
  while (j < line.length && ' \t\f'.includes(line[j])) j++;
  const hasSeparator = j < line.length && (line[j] === '=' || line[j] === ':');
  if (hasSeparator) j++;
  while (j < line.length && ' \t\f'.includes(line[j])) j++;
  const malformed = !hasSeparator && j >= line.length;
  return { key, value: unescapeProperty(line.slice(j)), keyOffset: at, valueOffset: at + j, malformed };
}

function unescapeProperty(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) => (c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : UNESCAPE[c] ?? c));
}
