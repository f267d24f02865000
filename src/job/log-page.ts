import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import { checkLogPageRequest, type LogFormat, type LogPageQuery, type LogPageRequest } from './log-page-request.js';

/** The most bytes one request reads: a filter that matches little stops here, with `truncated`. */
export const LOG_SCAN_BUDGET_BYTES = 64 * 1024 * 1024;
/** The most bytes of one line returned: a longer line is cut to its head and marked. */
export const LOG_LINE_MAX_BYTES = 64 * 1024;
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * One page of a log: the matching lines of the byte range [`from`, `next ?? size`), in file order
 * (newest last). The range holds whole lines only; an unfinished last line (the log being written)
 * is left after it.
 */
export interface LogPage {
  /**
   * The matching lines. One longer than LOG_LINE_MAX_BYTES is cut to its first bytes (filters see
   * those) and ends in ` …[cut: N bytes]`, N its full length.
   */
  lines: string[];
  /** Where the range starts: the first line read. For a tail, `before` here reads on backward. */
  from: number;
  /**
   * Where the range ends, when that is short of `size`: `from` here reads the next page, or the
   * unfinished last line once it is written. Absent when the page reached the end of the file, so
   * a client following the log asks again from `next ?? size`.
   */
  next?: number;
  /** The file's size when it was read. */
  size: number;
  /**
   * The scan budget (LOG_SCAN_BUDGET_BYTES) ran out before the page was full: the range is what
   * was read. A line longer than the budget is skipped: the range edge may then fall inside it.
   */
  truncated?: boolean;
}

/** How a log is read; the defaults suit the server, tests make them small. */
export interface LogReadOptions {
  /** Default: `crawl` for a file named crawl.log, `plain` for any other. */
  format?: LogFormat;
  chunkBytes?: number;
  scanBudgetBytes?: number;
  maxLineBytes?: number;
}

interface Limits {
  readonly chunkBytes: number;
  readonly scanBudgetBytes: number;
  readonly maxLineBytes: number;
}

/**
 * A page of a job log (crawl.log, uri-errors.log, runtime-errors.log, alerts.log,
 * progress-statistics.log), read in chunks through a file handle: a tail backward from the end,
 * a `from` page forward. Never more than the scan budget is read, nor more than one line's first
 * LOG_LINE_MAX_BYTES held. A missing file is an empty log. A bad request throws a LogPageRequestError.
 */
export async function readLogPage(file: string, request: LogPageRequest, options: LogReadOptions = {}): Promise<LogPage> {
  const query = checkLogPageRequest(request, options.format ?? (basename(file) === 'crawl.log' ? 'crawl' : 'plain'));
  const limits: Limits = {
    chunkBytes: options.chunkBytes ?? CHUNK_BYTES,
    scanBudgetBytes: options.scanBudgetBytes ?? LOG_SCAN_BUDGET_BYTES,
    maxLineBytes: options.maxLineBytes ?? LOG_LINE_MAX_BYTES,
  };
  const handle = await open(file, 'r').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  if (!handle) return { lines: [], from: 0, size: 0 };
  try {
    const reader = new ChunkReader(handle, file, (await handle.stat()).size, limits);
    return query.direction === 'backward' ? await readBackward(reader, query) : await readForward(reader, query);
  } finally {
    await handle.close();
  }
}

/** Lines from `query.offset` on; reading starts a byte early so that an offset inside a line skips to the next. */
async function readForward(reader: ChunkReader, query: LogPageQuery): Promise<LogPage> {
  const { size } = reader;
  const start = Math.min(query.offset ?? 0, size);
  const lines: string[] = [];
  const line = new LineBytes(reader.limits.maxLineBytes);
  let aligned = start === 0; // at a line start; false while skipping the rest of a line `start` falls in
  let lineStart = start;
  let from = start;
  let pos = aligned ? 0 : start - 1;
  while (pos < size) {
    const chunk = await reader.readAt(pos, size - pos);
    if (!chunk) {
      // Out of budget: end the range after the last line read, or, if none was, where reading stopped.
      const progressed = aligned && lineStart > start;
      return page(lines, aligned ? from : pos, progressed ? lineStart : pos, size, true);
    }
    let i = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl >= 0; nl = chunk.indexOf(NEWLINE, i)) {
      if (aligned) {
        line.append(chunk.subarray(i, nl));
        const text = line.take();
        if (query.matches(text.head)) lines.push(text.line);
      } else {
        aligned = true;
        from = pos + nl + 1;
      }
      lineStart = pos + nl + 1;
      i = nl + 1;
      if (lines.length === query.lines) return page(lines, from, lineStart, size);
    }
    if (aligned) line.append(chunk.subarray(i));
    pos += chunk.length;
  }
  return page(lines, aligned ? from : size, aligned ? lineStart : size, size);
}

/** The last lines ending by `query.offset`, read backward; the bytes after the last newline are an unfinished line, left out. */
async function readBackward(reader: ChunkReader, query: LogPageQuery): Promise<LogPage> {
  const { size } = reader;
  const stop = Math.min(query.offset ?? size, size);
  const newestFirst: string[] = [];
  const line = new LineBytes(reader.limits.maxLineBytes);
  let end: number | undefined; // after the last whole line, once its newline is found
  let lineStart = stop; // the start of the oldest line read (after the newest newline found)
  let pos = stop;
  const take = () => {
    const text = line.take();
    if (query.matches(text.head)) newestFirst.push(text.line);
  };
  const done = (from: number, truncated?: boolean) => page(newestFirst.reverse(), from, end ?? from, size, truncated);
  while (pos > 0) {
    const chunk = await reader.readBefore(pos);
    if (!chunk) return done(lineStart < stop ? lineStart : pos, true);
    pos -= chunk.length;
    let j = chunk.length; // chunk[j..] is consumed
    for (let nl = j > 0 ? chunk.lastIndexOf(NEWLINE, j - 1) : -1; nl >= 0; nl = nl > 0 ? chunk.lastIndexOf(NEWLINE, nl - 1) : -1) {
      if (end === undefined) end = pos + nl + 1;
      else {
        line.prepend(chunk.subarray(nl + 1, j));
        take();
      }
      lineStart = pos + nl + 1;
      j = nl;
      if (newestFirst.length === query.lines) return done(lineStart);
    }
    if (end !== undefined) line.prepend(chunk.subarray(0, j));
  }
  // At the file's start: what is before the oldest newline found is the first line.
  if (end !== undefined && lineStart > 0) take();
  return done(0);
}

function page(lines: string[], from: number, end: number, size: number, truncated?: boolean): LogPage {
  return { lines, from, ...(end < size ? { next: end } : {}), size, ...(truncated ? { truncated } : {}) };
}

/** Reads a file's chunks and counts them against the scan budget. */
class ChunkReader {
  #scanned = 0;

  constructor(readonly handle: FileHandle, readonly file: string, readonly size: number, readonly limits: Limits) {}

  /** The next chunk from `position`, at most `available` bytes; undefined once the budget is spent. */
  async readAt(position: number, available: number): Promise<Buffer | undefined> {
    const length = Math.min(this.limits.chunkBytes, available, this.limits.scanBudgetBytes - this.#scanned);
    return length > 0 ? this.#read(position, length) : undefined;
  }

  /** The chunk that ends at `position`; undefined once the budget is spent. */
  async readBefore(position: number): Promise<Buffer | undefined> {
    const length = Math.min(this.limits.chunkBytes, position, this.limits.scanBudgetBytes - this.#scanned);
    return length > 0 ? this.#read(position - length, length) : undefined;
  }

  async #read(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(length);
    for (let filled = 0; filled < length; ) {
      const { bytesRead } = await this.handle.read(buffer, filled, length - filled, position + filled);
      if (bytesRead === 0) throw new Error(`${this.file} was cut short while it was read (at ${position + filled} of ${this.size} bytes)`);
      filled += bytesRead;
    }
    this.#scanned += length;
    return buffer;
  }
}

/** One line's bytes as they are read, forward or backward, of which only the first `max` are held. */
class LineBytes {
  #pieces: Buffer[] = [];
  #held = 0;
  #total = 0;

  constructor(readonly max: number) {}

  /** Bytes after those held (reading forward): those beyond `max` are only counted. */
  append(bytes: Buffer): void {
    this.#total += bytes.length;
    const room = this.max - this.#held;
    if (room <= 0 || bytes.length === 0) return;
    const kept = bytes.subarray(0, room);
    this.#pieces.push(kept);
    this.#held += kept.length;
  }

  /** Bytes before those held (reading backward): the held bytes beyond `max` from the start go. */
  prepend(bytes: Buffer): void {
    this.#total += bytes.length;
    if (bytes.length === 0) return;
    this.#pieces.unshift(bytes);
    this.#held += bytes.length;
    while (this.#held > this.max) {
      const last = this.#pieces.pop()!;
      const excess = this.#held - this.max;
      if (last.length > excess) this.#pieces.push(last.subarray(0, last.length - excess));
      this.#held -= Math.min(excess, last.length);
    }
  }

  /** The line (`line`, with the cut mark if it was cut) and the text the filters read (`head`); empties the holder. */
  take(): { head: string; line: string } {
    const bytes = Buffer.concat(this.#pieces, this.#held);
    const cut = this.#total > this.#held;
    let head = (cut ? bytes.subarray(0, wholeCharacters(bytes)) : bytes).toString('utf8');
    if (!cut && head.endsWith('\r')) head = head.slice(0, -1);
    const line = cut ? `${head} …[cut: ${this.#total} bytes]` : head;
    this.#pieces = [];
    this.#held = this.#total = 0;
    return { head, line };
  }
}

/** The length of `bytes` without a UTF-8 sequence its end cuts through. */
function wholeCharacters(bytes: Buffer): number {
  let i = bytes.length - 1;
  while (i > 0 && bytes.length - i < 4 && (bytes[i]! & 0xc0) === 0x80) i--;
  const lead = bytes[i] ?? 0;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return i + needed > bytes.length ? i : bytes.length;
}
