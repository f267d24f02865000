import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { ResponseSpill } from '../../util/response-spill.js';

/** The most of a message's source one FETCH asks for: imapflow holds a literal twice over while it reads it. */
export const SOURCE_CHUNK_BYTES = 4 * 1024 * 1024;

/** Where a source larger than `inMemoryBytes` goes past them: a new file (`spillPath()`), digested with `digestAlgorithm` on the way. */
export interface SourceKeeping {
  readonly inMemoryBytes: number;
  readonly spillPath: () => string;
  readonly digestAlgorithm: string;
}

/** The part of a source kept in a file: its length, and the digests of the whole source (`sha1:BASE32`, and in the digest algorithm asked). */
export interface SpilledSource {
  readonly path: string;
  readonly length: number;
  readonly sha1: string;
  readonly digest: string;
}

/** A message as fetched: `source` is its first bytes when the rest is in `spilled`. */
export type FetchedMessage = FetchMessageObject & { readonly spilled?: SpilledSource };

/**
 * A message by UID in the folder the client holds open: its UID, flags, envelope, size, internal
 * date and source, the source no longer than `maxLengthBytes` (0: no limit). The source is read
 * in partial fetches (`BODY.PEEK[]<start.length>`) of at most SOURCE_CHUNK_BYTES, so that reading
 * it costs about the bytes kept in memory plus two chunks, never the whole literal twice over. Its
 * first `keep.inMemoryBytes` are kept in memory (all of it without `keep`); the rest goes to a file
 * as it arrives, digested on the way (as FetchHttp's recorder keeps a large response), so that the
 * WARC writer streams it from there. A message of one chunk is one FETCH, as before. false when
 * the server has no such message. A source shorter than `size` was cut: by the limit, or by the server.
 */
export async function fetchMessage(client: ImapFlow, uid: number, maxLengthBytes: number, keep?: SourceKeeping): Promise<FetchedMessage | false> {
  const limit = maxLengthBytes > 0 ? maxLengthBytes : Number.POSITIVE_INFINITY;
  const first = Math.min(limit, SOURCE_CHUNK_BYTES);
  const query = { uid: true, flags: true, envelope: true, size: true, internalDate: true, source: { maxLength: first } } as const;
  const message = await client.fetchOne(String(uid), query, { uid: true });
  if (message === false || !message.source || message.source.length < first || message.size === undefined) return message;
  const total = Math.min(message.size, limit);
  if (total <= message.source.length) return message;
  const kept = new KeptSource(total, keep);
  try {
    await kept.add(message.source);
    while (kept.read < total) {
      const length = Math.min(SOURCE_CHUNK_BYTES, total - kept.read);
      const part = await client.fetchOne(String(uid), { uid: true, source: { start: kept.read, maxLength: length } }, { uid: true });
      const bytes = part === false ? undefined : part.source;
      if (!bytes || bytes.length === 0) break;
      await kept.add(bytes.subarray(0, Math.min(bytes.length, total - kept.read)));
      if (bytes.length < length) break;
    }
    return { ...message, ...(await kept.finish()) };
  } finally {
    await kept.abandon();
  }
}

/** A source as it arrives: its first bytes in one buffer, the rest (past the in-memory bound) in a spill file. */
class KeptSource {
  read = 0;
  readonly #memory: Buffer;
  readonly #keep?: SourceKeeping;
  #spill?: ResponseSpill;
  #closed = false;

  constructor(total: number, keep: SourceKeeping | undefined) {
    this.#keep = keep;
    this.#memory = Buffer.allocUnsafe(keep === undefined ? total : Math.min(total, keep.inMemoryBytes));
  }

  async add(bytes: Buffer): Promise<void> {
    const room = this.#memory.length - Math.min(this.read, this.#memory.length);
    if (room > 0) bytes.copy(this.#memory, this.read, 0, Math.min(room, bytes.length));
    this.read += bytes.length;
    if (bytes.length <= room) return;
    if (this.#spill === undefined) {
      const keep = this.#keep!;
      this.#spill = new ResponseSpill(keep.spillPath(), keep.digestAlgorithm);
      this.#spill.digestOnly(this.#memory);
    }
    const spill = this.#spill;
    if (!spill.write(bytes.subarray(room))) await spill.drained();
  }

  /** The source kept: its bytes in memory, and the spill file (closed, its digests final) if there is one. */
  async finish(): Promise<{ source: Buffer; spilled?: SpilledSource }> {
    const spill = this.#spill;
    if (spill === undefined) return { source: this.read === this.#memory.length ? this.#memory : this.#memory.subarray(0, this.read) };
    this.#closed = true;
    await spill.close();
    const { sha1, entity } = spill.digests();
    return { source: this.#memory, spilled: { path: spill.path, length: spill.length, sha1, digest: entity } };
  }

  /** Closes a spill file left open by a failed read (the file itself goes with its URI's scratch files). */
  async abandon(): Promise<void> {
    if (this.#spill === undefined || this.#closed) return;
    this.#closed = true;
    // The read already failed with its own error, which the URI records; the half-written file goes with the URI's scratch files.
    await this.#spill.close().catch(() => undefined);
  }
}
