import { createWriteStream, writeFile as writeFileCallback } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

/** fs.writeFile through its callback: no FileHandle for the collector to finalise. */
const writeFile = promisify(writeFileCallback);

/** Lines joined into chunks of about 64 KB, each line ended by `\n`. */
function* chunks(lines: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= 1 << 16) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The chunks already taken, then the rest of the generator's. */
function* resumed(taken: readonly string[], rest: Generator<string>): Generator<string> {
  yield* taken;
  yield* rest;
}

/**
 * Writes a report's lines to `path` (replacing it) as they are produced, however many there are:
 * a report of one chunk (most are: a crawl's end writes a dozen) in one call, a longer one
 * through a stream, a chunk at a time.
 */
export async function writeReportFile(path: string, lines: Iterable<string>): Promise<void> {
  const all = chunks(lines);
  const first = all.next();
  if (first.done) return writeFile(path, '');
  const second = all.next();
  if (second.done) return writeFile(path, first.value);
  await pipeline(Readable.from(resumed([first.value, second.value], all)), createWriteStream(path));
}
