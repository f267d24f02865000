import PostalMime from 'postal-mime';
import { gunzipSync } from 'node:zlib';
import type { CompoundElement, CompoundListing } from '../../model/compound.js';
import { contentTypeOf } from '../../util/content-type-of.js';
import { sha1Base32 } from '../../util/sha1-base32.js';
import type { CompoundLimits } from './compound-limits.js';
import { mayHaveAttachments } from './may-have-attachments.js';
import { isTar, tarEntries } from './tar-entries.js';
import { zipEntries, type ZipEntry } from './zip-entries.js';
import { zipEntryContent } from './zip-entry-content.js';

/** The kinds of compound read. */
export type CompoundKind = 'zip' | 'tar' | 'gzip' | 'message';

/** The media type of a mail message, whose attachments are its elements. */
const MESSAGE = 'message/rfc822';

/** What a compound's bytes are: an archive by its first bytes (never by name or type alone), a mail message by its declared type. */
export function compoundKindOf(bytes: Uint8Array, mimeType?: string): CompoundKind | undefined {
  if (mimeType === MESSAGE) return 'message';
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6)) return 'zip';
  if (bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8) return 'gzip';
  if (isTar(bytes)) return 'tar';
  return undefined;
}

/** What reading a compound found: its elements (nested ones after the compound holding them), whether all, and why not. */
export interface CompoundRead extends CompoundListing {
  /** Why a limit or an entry's name cut the listing (the first 20 reasons). */
  readonly problems: readonly string[];
  /** The elements left out because their bytes are not what the archive states (`"path": why`, the first 20), and how many there were. */
  readonly corrupt: readonly string[];
  readonly corruptCount: number;
}

/**
 * The elements of a zip, tar, tar.gz or gzip container, or the attachments of a mail message
 * (`mimeType` message/rfc822, read by postal-mime), nested compounds read in turn (to
 * `maxDepth`), within the limits: an element that would pass the total expanded size, its ratio,
 * the number of entries, or a depth is skipped and the listing marked incomplete, with the reason.
 * An entry whose name climbs out of the container (`..`) or is absolute is refused the same way;
 * names are kept as `a/b/c`. A zip entry is checked against its CRC-32 and sizes (local header,
 * central directory, data descriptor): one that disagrees is left out and listed in `corrupt`, the
 * listing marked incomplete, its other elements kept (a gzip member's CRC is checked by zlib).
 * A message is parsed only when it may have attachments (mayHaveAttachments) and is no larger than
 * maxExpandedBytes: postal-mime holds all its parts decoded at once.
 * `name` is the container's own name (a gzip member without a stored name is named after it, less `.gz`).
 */
export async function readCompound(bytes: Uint8Array, name: string, limits: CompoundLimits, mimeType?: string): Promise<CompoundRead> {
  const elements: CompoundElement[] = [];
  const problems: string[] = [];
  let expanded = 0;
  let complete = true;
  const refuse = (problem: string) => {
    complete = false;
    if (problems.length < 20 && !problems.includes(problem)) problems.push(problem);
  };
  // An element whose bytes disagree with what its archive states of them: left out, the rest kept.
  const corrupt: string[] = [];
  let corruptCount = 0;
  const corrupted = (path: string, why: string) => {
    complete = false;
    if (++corruptCount <= 20) corrupt.push(`"${path}": ${why}`);
  };

  const read = async (data: Uint8Array, containerName: string, parent: string | undefined, depth: number, declared?: string): Promise<void> => {
    const kind = compoundKindOf(data, declared);
    if (kind === undefined) return;
    const taken = new Set<string>();
    const add = async (rawName: string, content: Uint8Array, compressed: number, type?: string): Promise<void> => {
      const path = cleanPath(rawName);
      if (path === undefined) return refuse(`entry "${rawName}" names a path outside the container`);
      if (elements.length >= limits.maxEntries) return refuse(`more than ${limits.maxEntries} entries (maxEntries)`);
      if (expanded + content.length > limits.maxExpandedBytes) return refuse(`more than ${limits.maxExpandedBytes} bytes expanded (maxExpandedBytes)`);
      if (compressed > 0 && content.length / compressed > limits.maxRatio) return refuse(`entry "${path}" expands ` +
        `${Math.round(content.length / compressed)} times (maxRatio ${limits.maxRatio})`);
      expanded += content.length;
      const own = unique(path, taken);
      const full = parent === undefined ? own : `${parent}!/${own}`;
      const buffer = Buffer.from(content.buffer, content.byteOffset, content.length);
      const mimeType = type && type !== 'application/octet-stream' ? type : contentTypeOf(own);
      const nested = compoundKindOf(buffer, mimeType) !== undefined;
      elements.push({ path: full, ...(parent === undefined ? {} : { parent }), content: buffer, digest: sha1Base32(buffer), mimeType, isCompound: nested });
      if (!nested) return;
      if (depth >= limits.maxDepth) return refuse(`"${full}" is a compound deeper than maxDepth ${limits.maxDepth}`);
      await read(buffer, own, full, depth + 1, mimeType);
    };

    if (kind === 'message') {
      if (!mayHaveAttachments(data)) return;
      // postal-mime holds every part of a message decoded at once (text parts too), some times its size.
      if (data.length > limits.maxExpandedBytes) return refuse(`a message of ${data.length} bytes, more than maxExpandedBytes ` +
        `(${limits.maxExpandedBytes}): its attachments are not read`);
      let attachments: Array<{ filename: string | null; mimeType: string; content: ArrayBuffer | string }>;
      try {
        attachments = (await PostalMime.parse(data, { attachmentEncoding: 'arraybuffer' })).attachments as typeof attachments;
      } catch (e) {
        return refuse(`"${containerName}" cannot be read as a mail message: ${(e as Error).message}`);
      }
      for (const [i, a] of attachments.entries()) {
        const content = typeof a.content === 'string' ? Buffer.from(a.content) : new Uint8Array(a.content);
        await add(a.filename || `attachment-${i + 1}${a.mimeType === MESSAGE ? '.eml' : ''}`, content, 0, a.mimeType.toLowerCase());
      }
      return;
    }

    if (kind === 'gzip') {
      let inner: Buffer;
      try {
        inner = gunzipSync(data, { maxOutputLength: Math.max(1, limits.maxExpandedBytes - expanded + 1) });
      } catch (e) {
        return refuse(/RangeError|maxOutputLength|buffer/i.test(String(e)) ? `more than ${limits.maxExpandedBytes} bytes expanded ` +
          `(maxExpandedBytes)` : `a gzip member cannot be read: ${(e as Error).message}`);
      }
      if (inner.length / Math.max(1, data.length) > limits.maxRatio) return refuse(`"${containerName}" expands ` +
        `${Math.round(inner.length / data.length)} times (maxRatio ${limits.maxRatio})`);
      // A tar.gz: the tar's entries are the container's elements.
      if (isTar(inner)) return readTar(inner, add);
      return await add(gzipName(data) ?? containerName.replace(/\.(gz|tgz)$/i, (m) => (m.toLowerCase() === '.tgz' ? '.tar' : '')) ?? 'content', inner, data.length);
    }
    if (kind === 'tar') return await readTar(data, add);
    let entries: ZipEntry[];
    try {
      entries = zipEntries(data);
    } catch (e) {
      return refuse(`"${containerName}" cannot be read as a zip: ${(e as Error).message}`);
    }
    for (const f of entries) {
      if (f.name.endsWith('/')) continue;
      // Sizes from the zip's directory are checked before anything is inflated; inflation stops at them.
      if (elements.length >= limits.maxEntries) return refuse(`more than ${limits.maxEntries} entries (maxEntries)`);
      if (expanded + f.size > limits.maxExpandedBytes) {
        refuse(`more than ${limits.maxExpandedBytes} bytes expanded (maxExpandedBytes)`);
        continue;
      }
      if (f.compressedSize > 0 && f.size / f.compressedSize > limits.maxRatio) {
        refuse(`entry "${f.name}" expands ${Math.round(f.size / f.compressedSize)} times (maxRatio ${limits.maxRatio})`);
        continue;
      }
      const checked = zipEntryContent(data, f);
      if ('error' in checked) corrupted(parent === undefined ? f.name : `${parent}!/${f.name}`, checked.error);
      else await add(f.name, checked.content, 0);
    }
  };

  const readTar = async (data: Uint8Array, add: (name: string, content: Uint8Array, compressed: number) => Promise<void>) => {
    const { entries, complete: whole } = tarEntries(data);
    if (!whole) refuse('the tar archive ends inside an entry');
    for (const e of entries) await add(e.name, data.subarray(e.offset, e.offset + e.size), 0);
  };

  await read(bytes, name, undefined, 1, mimeType);
  return { elements, complete, problems, corrupt, corruptCount };
}

/** A path not yet taken in its compound (a mail message may attach two files of one name): `name`, else `name~2`, `name~3`… */
function unique(path: string, taken: Set<string>): string {
  let own = path;
  for (let n = 2; taken.has(own); n++) own = `${path}~${n}`;
  taken.add(own);
  return own;
}

/** An entry name as `a/b/c`, or undefined when it is absolute or climbs out (`..`). */
function cleanPath(raw: string): string | undefined {
  if (/^([a-zA-Z]:)?[\\/]/.test(raw)) return undefined;
  const parts = raw.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.includes('..')) return undefined;
  return parts.join('/');
}

/** The file name a gzip member stores (FNAME), if any. */
function gzipName(data: Uint8Array): string | undefined {
  if (!(data[3] & 0x08)) return undefined;
  let at = 10;
  if (data[3] & 0x04) at += 2 + (data[10] | (data[11] << 8));
  const end = data.indexOf(0, at);
  return end > at ? Buffer.from(data.subarray(at, end)).toString('latin1') : undefined;
}
