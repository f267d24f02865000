import type { FetchMessageObject, ImapFlow } from 'imapflow';

/** The most of a message's source one FETCH asks for: imapflow holds a literal twice over while it reads it. */
export const SOURCE_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * A message by UID in the folder the client holds open: its UID, flags, envelope, size, internal
 * date and source, the source no longer than `maxLengthBytes` (0: no limit). The source is read
 * in partial fetches (`BODY.PEEK[]<start.length>`) of at most SOURCE_CHUNK_BYTES into one buffer
 * of the bytes to read (the message's size, or the limit if it is smaller), so that reading a
 * message costs about its size (or the limit) plus two chunks of memory, never the whole literal
 * twice over. A message of one chunk is one FETCH, as before. false when the server has no such
 * message. A source shorter than `size` was cut: by the limit, or by the server.
 */
export async function fetchMessage(client: ImapFlow, uid: number, maxLengthBytes: number): Promise<FetchMessageObject | false> {
  const limit = maxLengthBytes > 0 ? maxLengthBytes : Number.POSITIVE_INFINITY;
  const first = Math.min(limit, SOURCE_CHUNK_BYTES);
  const query = { uid: true, flags: true, envelope: true, size: true, internalDate: true, source: { maxLength: first } } as const;
  const message = await client.fetchOne(String(uid), query, { uid: true });
  if (message === false || !message.source || message.source.length < first || message.size === undefined) return message;
  const total = Math.min(message.size, limit);
  if (total <= message.source.length) return message;
  const source = Buffer.allocUnsafe(total);
  let read = message.source.copy(source, 0);
  while (read < total) {
    const length = Math.min(SOURCE_CHUNK_BYTES, total - read);
    const part = await client.fetchOne(String(uid), { uid: true, source: { start: read, maxLength: length } }, { uid: true });
    const bytes = part === false ? undefined : part.source;
    if (!bytes || bytes.length === 0) break;
    read += bytes.copy(source, read, 0, Math.min(bytes.length, total - read));
    if (bytes.length < length) break;
  }
  return { ...message, source: read === total ? source : source.subarray(0, read) };
}
