import { crc32, inflateRawSync } from 'node:zlib';
import { number64, type ZipEntry } from './zip-entries.js';

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/**
 * A zip entry's content, checked against everything the archive states of it: its local header
 * agrees with the central directory (CRC-32, compressed and expanded sizes; or, for an entry
 * written with a data descriptor, that descriptor does), its data lies within the archive, a
 * stored entry's two sizes are one, and the content has the stated size and CRC-32. Inflation
 * stops one byte past the stated size. Anything else is `{ error }`, saying what disagrees.
 */
export function zipEntryContent(bytes: Uint8Array, entry: ZipEntry): { content: Uint8Array } | { error: string } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) return { error: 'its local header is missing' };
  if (entry.flags & 1) return { error: 'it is encrypted' };
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) return { error: `its ${entry.compressedSize} compressed bytes run past the end of the zip` };
  const stated = entry.flags & 8 ? descriptor(view, end, entry.zip64) : localSizes(view, at, start);
  if (stated === undefined) return { error: 'its data descriptor is missing' };
  const disagreement = differences(stated, entry);
  if (disagreement) return { error: `the ${entry.flags & 8 ? 'data descriptor' : 'local header'} and the central directory disagree (${disagreement})` };
  const data = bytes.subarray(start, end);
  let content: Uint8Array;
  if (entry.method === 0) {
    const sizes = `${entry.compressedSize} compressed, ${entry.size} expanded`;
    if (entry.compressedSize !== entry.size) return { error: `it is stored, yet its sizes differ (${sizes})` };
    content = data;
  } else if (entry.method === 8) {
    try {
      // A chunk no larger than the content: the buffer given back holds on to its chunk.
      const limit = Math.max(1, entry.size + 1);
      content = inflateRawSync(data, { maxOutputLength: limit, chunkSize: Math.min(Math.max(64, limit), 64 * 1024) });
    } catch (e) {
      const code = (e as { code?: string }).code;
      return { error: code === 'ERR_BUFFER_TOO_LARGE' ? `it expands past its stated size ${entry.size}` : `its deflated data is broken (${code ?? 'error'})` };
    }
    if (content.length !== entry.size) return { error: `it expands to ${content.length} bytes, not its stated ${entry.size}` };
  } else {
    return { error: `its compression method ${entry.method} is not read` };
  }
  const crc = crc32(content);
  if (crc !== entry.crc) return { error: `CRC-32 mismatch (content ${hex(crc)}, stated ${hex(entry.crc)})` };
  return { content };
}

interface Stated {
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
}

/** The CRC-32 and sizes of a local header (a ZIP64 extra field's sizes where it has 0xFFFFFFFF). */
function localSizes(view: DataView, at: number, start: number): Stated {
  let size = view.getUint32(at + 22, true);
  let compressedSize = view.getUint32(at + 18, true);
  if (size === 0xffffffff || compressedSize === 0xffffffff) {
    for (let x = at + 30 + view.getUint16(at + 26, true); x + 4 <= start; x += 4 + view.getUint16(x + 2, true)) {
      if (view.getUint16(x, true) !== 1 || x + 20 > start) continue;
      size = number64(view, x + 4);
      compressedSize = number64(view, x + 12);
    }
  }
  return { crc: view.getUint32(at + 14, true), compressedSize, size };
}

/** The data descriptor after an entry's data (its signature optional, its sizes 8 bytes each for ZIP64). */
function descriptor(view: DataView, at: number, zip64: boolean): Stated | undefined {
  const signed = at + 4 <= view.byteLength && view.getUint32(at, true) === DESCRIPTOR ? 4 : 0;
  const field = at + signed;
  if (field + (zip64 ? 20 : 12) > view.byteLength) return undefined;
  if (zip64) return { crc: view.getUint32(field, true), compressedSize: number64(view, field + 4), size: number64(view, field + 12) };
  return { crc: view.getUint32(field, true), compressedSize: view.getUint32(field + 4, true), size: view.getUint32(field + 8, true) };
}

/** What of `stated` differs from the central directory's entry, or '' when nothing does. */
function differences(stated: Stated, entry: ZipEntry): string {
  const out: string[] = [];
  if (stated.crc !== entry.crc) out.push(`CRC-32 ${hex(stated.crc)} against ${hex(entry.crc)}`);
  if (stated.compressedSize !== entry.compressedSize) out.push(`compressed size ${stated.compressedSize} against ${entry.compressedSize}`);
  if (stated.size !== entry.size) out.push(`size ${stated.size} against ${entry.size}`);
  return out.join(', ');
}

function hex(n: number): string {
  return n.toString(16).padStart(8, '0');
}
