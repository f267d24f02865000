import { SurtPrefixSet } from '../util/url/surt-prefix-set.js';

/** Lines a page holds when the request gives no `tail` or `limit` count. */
export const LOG_PAGE_DEFAULT_LINES = 100;
/** The most lines one page holds: a larger `tail` or `limit` is cut to this. */
export const LOG_PAGE_MAX_LINES = 1000;

/** How a log's lines are read by the filters: crawl.log's columns, or plain text (the other logs). */
export type LogFormat = 'crawl' | 'plain';

/**
 * Which lines of a job log a page is to hold: the last `tail` lines, or the lines from the byte
 * offset `from` on (the default, from 0). Filters narrow both: only matching lines are counted
 * and returned. An empty string filter is no filter.
 */
export interface LogPageRequest {
  /** The last N matching lines (newest last). Not with `from` or `limit`. */
  tail?: number;
  /**
   * With `tail`: the byte offset the lines must end by (default: the end of the file). A line
   * running past it is left out. A truncated tail page's `from` given here continues it.
   */
  before?: number;
  /** The byte offset to read on from (0: the file's start); one inside a line starts at the next line. A page's `next` goes here. */
  from?: number;
  /** With `from`: the most lines returned (default LOG_PAGE_DEFAULT_LINES, cut to LOG_PAGE_MAX_LINES). */
  limit?: number;
  /** crawl.log only: a fetch status code (`200`, `404`, `-6`) or a class of them (`4xx`). */
  status?: string;
  /** A substring of crawl.log's URL column; on the other logs, of the whole line. Case-sensitive. */
  contains?: string;
  /**
   * crawl.log only: a SURT prefix the URL's SURT form starts with, `https` read as `http` on both
   * sides as scope does. Written as in a surts file (`http://(org,example,`), without its scheme
   * (`(org,example,` or `org,example,`), or as a URL or host whose implied prefix is meant
   * (`example.org` → `http://(org,example,`).
   */
  surtPrefix?: string;
}

/** A request that cannot be answered as asked (the REST route answers 400 with its message). */
export class LogPageRequestError extends Error {
  override readonly name = 'LogPageRequestError';
}

/** A request checked: which way to read, from which offset, how many lines, and which lines count. */
export interface LogPageQuery {
  /** `backward`: the last `lines` matching lines ending by `offset`; `forward`: the first ones from `offset` on. */
  readonly direction: 'backward' | 'forward';
  /** Undefined for a tail to the end of the file. */
  readonly offset: number | undefined;
  readonly lines: number;
  readonly matches: (line: string) => boolean;
}

/**
 * Checks a request against a log of the given format. A malformed number, `tail` with `from` or
 * `limit`, a malformed status, and `status` or `surtPrefix` on a log that is not crawl.log are
 * refused with a LogPageRequestError rather than ignored: a filter silently dropped would return
 * lines the client takes as filtered.
 */
export function checkLogPageRequest(request: LogPageRequest, format: LogFormat): LogPageQuery {
  const { tail, before, from, limit } = request;
  if (tail !== undefined && (from !== undefined || limit !== undefined)) refuse('tail cannot be combined with from or limit');
  if (before !== undefined && tail === undefined) refuse('before goes with tail');
  const matches = lineFilter(request, format);
  if (tail !== undefined) {
    return { direction: 'backward', offset: before === undefined ? undefined : offset('before', before), lines: count('tail', tail), matches };
  }
  return { direction: 'forward', offset: from === undefined ? 0 : offset('from', from), lines: count('limit', limit ?? LOG_PAGE_DEFAULT_LINES), matches };
}

function count(name: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) refuse(`${name} must be a whole number above 0, not ${n}`);
  return Math.min(n, LOG_PAGE_MAX_LINES);
}

function offset(name: string, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) refuse(`${name} must be a byte offset (a whole number, 0 or more), not ${n}`);
  return n;
}

function refuse(message: string): never {
  throw new LogPageRequestError(message);
}

/** crawl.log's columns (Heritrix): time, status, size, URL, hops, via, MIME, worker, fetch time, digest, source, annotations. */
const STATUS_COLUMN = 1;
const URL_COLUMN = 3;
const COLUMNS_READ = URL_COLUMN + 1;
const BLANKS = /\s+/;

function lineFilter(request: LogPageRequest, format: LogFormat): (line: string) => boolean {
  const status = request.status || undefined;
  const contains = request.contains || undefined;
  const surtPrefix = request.surtPrefix?.trim() || undefined;
  if (format === 'plain') {
    if (status !== undefined || surtPrefix !== undefined) refuse('status and surtPrefix filter crawl.log only; use contains on this log');
    return contains === undefined ? () => true : (line) => line.includes(contains);
  }
  const tests: Array<(status: string, url: string) => boolean> = [];
  if (status !== undefined) {
    const fits = statusTest(status);
    tests.push((code) => fits(code));
  }
  if (contains !== undefined) tests.push((_, url) => url.includes(contains));
  if (surtPrefix !== undefined) {
    const prefixes = surtPrefixSet(surtPrefix);
    tests.push((_, url) => prefixes.coversUrl(url));
  }
  if (tests.length === 0) return () => true;
  return (line) => {
    const columns = line.trimStart().split(BLANKS, COLUMNS_READ);
    const url = columns[URL_COLUMN];
    return url !== undefined && tests.every((test) => test(columns[STATUS_COLUMN]!, url));
  };
}

const EXACT_STATUS = /^-?\d+$/;
const STATUS_CLASS = /^([1-9])xx$/i;

function statusTest(status: string): (code: string) => boolean {
  if (EXACT_STATUS.test(status)) {
    const wanted = String(Number(status));
    return (code) => code === wanted;
  }
  const digit = STATUS_CLASS.exec(status)?.[1];
  if (digit === undefined) refuse(`status must be a fetch status code (200, 404, -6) or a class (4xx), not ${JSON.stringify(status)}`);
  return (code) => code.length === 3 && code[0] === digit;
}

/**
 * The one prefix a user gave, read as SurtPrefixedDecideRule reads a `+` directive (a literal SURT
 * prefix when it holds a '(' after its first character, else a URL or host's implied prefix),
 * after the `http://(` a prefix written without it is given back.
 */
function surtPrefixSet(prefix: string): SurtPrefixSet {
  let directive = prefix;
  if (prefix.startsWith('(')) directive = `http://${prefix}`;
  else if (!prefix.includes('(') && !prefix.includes('://') && prefix.includes(',')) directive = `http://(${prefix}`;
  const set = new SurtPrefixSet();
  set.considerAsAddDirective(directive);
  return set;
}
