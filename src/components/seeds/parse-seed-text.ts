import type { Seed, SeedDirective } from '../../model/seed-module.js';
import { withoutPassword } from '../../util/url/url-password.js';
import { CRAWLABLE_SCHEMES, HOSTLESS_SCHEMES } from '../../util/url/crawlable-schemes.js';

export interface InvalidSeed {
  readonly text: string;
  /** A folder path written where a URL belongs (`/srv/docs`, `./docs`, `C:\\docs`): its file: URL. */
  readonly folder?: string;
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

/** What a seed may be: a crawlable URL, or ftp: (accepted for Heritrix's seed files, as Heritrix reads them). */
const SEED_SCHEMES = new Set([...CRAWLABLE_SCHEMES, 'ftp']);

/**
 * Reads seed text as Heritrix's TextSeedModule does: blank lines and `#` comments skipped; a
 * line starting with a letter or digit is a seed (`http://` added when it has no `scheme://`);
 * any other line (`+http://(org,example,`, `-...`) is a directive for seed listeners.
 */
export function parseSeedText(text: string): ParsedSeedText {
  const out: ParsedSeedText = { seeds: [], directives: [], invalid: [] };
  let offset = 0;
  text.split(/(?<=\r\n|\r(?!\n)|\n)/).forEach((withEnd, i) => {
    const lineOffset = offset;
    offset += withEnd.length;
    const raw = withEnd.replace(/\r?\n$|\r$/, '');
    const written = raw.trim();
    if (!written || written.startsWith('#')) return;
    const at = { line: i + 1, offset: lineOffset + raw.indexOf(written) };
    // A mailbox seed's password is taken out here, so that nothing after (messages included) sees it.
    const { url: line, password } = withoutPassword(written);
    const folder = folderUrl(line);
    if (folder) {
      out.invalid.push({ text: line, ...at, folder, reason: `is a folder path, not a URL: a folder is crawled as the seed ${folder}` });
      return;
    }
    if (!/^[\p{L}\p{N}]/u.test(line)) {
      out.directives.push({ text: line, line: at.line });
      return;
    }
    const schemed = /^[a-z][a-z0-9+.-]*:\/\//i.test(line);
    const url = schemed ? line : `http://${line}`;
    const reason = schemed ? seedProblem(url) : bareProblem(line) ?? seedProblem(url);
    if (reason) out.invalid.push({ text: line, ...at, reason });
    else out.seeds.push(password === undefined ? { url, line: at.line } : { url, line: at.line, password });
  });
  return out;
}

/**
 * A line without `scheme://` is a host (and path) that gets `http://`, as Heritrix's seeds do
 * (`example.com/docs`). A scheme missing its `://` (`http//x`, `http:/x`) is no such line, and
 * neither is a single word (`notaurl`): its host would have no dot, which only `localhost` and
 * hosts written with their scheme (`http://intranet/`) may have.
 */
function bareProblem(line: string): string | undefined {
  const scheme = /^(https?|ftp|file)(:\/?(?!\/)|\/\/)/i.exec(line);
  if (scheme && !/^[a-z]+:\d/i.test(line)) return `is not a URL: the scheme ${scheme[1]} must be followed by "://"`;
  const host = /^[^/?#:]*/.exec(line)![0];
  if (!host.includes('.') && host.toLowerCase() !== 'localhost' && !line.startsWith('[')) {
    return `is not a URL: it has no scheme, and "${host}" is no host name (no dot); write http://${host}/ if a host has that name`;
  }
  return undefined;
}

/** The file: URL of a line that is a folder path (absolute, ./ or ../, ~/, or a Windows drive), or undefined. */
function folderUrl(line: string): string | undefined {
  if (/^[a-z]:[\\/]/i.test(line)) return `file:///${line.replace(/\\/g, '/').replace(/\/?$/, '/')}`;
  if (line.startsWith('/') && !line.startsWith('//')) return `file://${encodeURI(line).replace(/\/?$/, '/')}`;
  if (/^(\.\.?|~)(\/|$)/.test(line)) return 'file:///ABSOLUTE/PATH/ (the folder\'s absolute path, ending in /)';
  return undefined;
}

function seedProblem(url: string): string | undefined {
  if (/\s/.test(url)) return 'a seed line holds one URL and nothing else';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'is not a URL';
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (!SEED_SCHEMES.has(scheme)) return `the scheme ${scheme} cannot be crawled`;
  if (!HOSTLESS_SCHEMES.has(scheme) && !parsed.hostname) return 'has no host';
  return undefined;
}
