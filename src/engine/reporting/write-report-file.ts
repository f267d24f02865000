import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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

/** Writes a report's lines to `path` (replacing it) as they are produced, however many there are. */
export async function writeReportFile(path: string, lines: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(chunks(lines)), createWriteStream(path));
}
