import type { Seed, SeedDirective } from '../../model/seed-module.js';

export interface InvalidSeed {
  readonly text: string;
  readonly line: number;
  /** Offset of the line's first character in the text. */
  readonly offset: number;
  readonly reason: string;
}

export interface ParsedSeedText {
  readonly seeds: Seed[];
  readonly directives: SeedDirective[];
  readonly invalid: InvalidSeed[];
}

const CRAWLABLE = new Set(['http:', 'https:', 'ftp:', 'file:']);

/**
 * Reads seed text as Heritrix's TextSeedModule does: blank lines and `#` comments skipped; a
 * line starting with a letter or digit is a seed (`http://` added when it has no `scheme://`);
 * any other line (`+http://(org,example,`, `-...`) is a directive for seed listeners.
 */
export function parseSeedText(text: string): ParsedSeedText {
  const out: ParsedSeedText = { seeds: [], directives: [], invalid: [] };
  let offset = 0;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const lineOffset = offset;
    offset += raw.length + 1;
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const at = { line: i + 1, offset: lineOffset + raw.indexOf(line) };
    if (!/^[\p{L}\p{N}]/u.test(line)) {
      out.directives.push({ text: line, line: at.line });
      return;
    }
    const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(line) ? line : `http://${line}`;
    const reason = seedProblem(url);
    if (reason) out.invalid.push({ text: line, ...at, reason });
    else out.seeds.push({ url, line: at.line });
  });
  return out;
}

function seedProblem(url: string): string | undefined {
  if (/\s/.test(url)) return 'a seed line holds one URL and nothing else';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  if (!CRAWLABLE.has(parsed.protocol)) return `the scheme ${parsed.protocol.slice(0, -1)} cannot be crawled`;
  if (parsed.protocol !== 'file:' && !parsed.hostname) return 'has no host';
  return undefined;
}
