import { constants, createGunzip } from 'node:zlib';

/** What gunzipCapped gives: the bytes, and whether the cap or a fault cut them short. */
export interface Gunzipped {
  readonly body: Buffer;
  /** More data followed the cap. */
  readonly capped: boolean;
  /** The data broke off or was corrupt after `body` (a truncated download, say). */
  readonly damaged: boolean;
}

/** A gzip member's magic number opens the data. */
export function isGzip(data: Uint8Array): boolean {
  return data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;
}

/**
 * Decompresses gzip data (several members too) in the background, keeping at most `maxBytes`:
 * decompression stops there, so a small bomb cannot take the memory. Damaged or cut-off data
 * gives what decompressed before the damage. Never rejects.
 */
export function gunzipCapped(data: Uint8Array, maxBytes: number): Promise<Gunzipped> {
  return new Promise((resolve) => {
    const gunzip = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (capped: boolean, damaged: boolean) => {
      if (settled) return;
      settled = true;
      gunzip.destroy();
      resolve({ body: Buffer.concat(chunks, size), capped, damaged });
    };
    gunzip.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - size;
      if (chunk.length > room) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        size += Math.max(room, 0);
        return finish(true, false);
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    gunzip.on('end', () => finish(false, false));
    gunzip.on('error', () => finish(false, true));
    gunzip.end(data);
  });
}
