import { open } from 'node:fs/promises';
import type { RedisLink } from './redis-link.js';

/** Records are read and written through buffers of this size. */
const CHUNK = 1 << 20;

/**
 * Saves every key matching `patterns` (a run's) to `file`, each as its DUMP: a record is the key's
 * length (4 bytes), the key, the value's length (4 bytes), the value. Returns how many keys.
 */
export async function saveKeys(link: RedisLink, patterns: readonly string[], file: string): Promise<number> {
  const handle = await open(file, 'w');
  let n = 0;
  let pending: Buffer[] = [];
  let size = 0;
  const flush = async (): Promise<void> => {
    await handle.write(Buffer.concat(pending));
    pending = [];
    size = 0;
  };
  try {
    for await (const key of eachKey(link, patterns)) {
      const value = await link.dump(key);
      // A key gone between the scan and its dump was not the run's any more.
      if (value === undefined) continue;
      const name = Buffer.from(key, 'utf8');
      const head = Buffer.alloc(4);
      head.writeUInt32BE(name.length);
      const tail = Buffer.alloc(4);
      tail.writeUInt32BE(value.length);
      pending.push(head, name, tail, value);
      size += 8 + name.length + value.length;
      n++;
      if (size >= CHUNK) await flush();
    }
    await flush();
    await handle.sync();
  } finally {
    await handle.close();
  }
  return n;
}

async function* eachKey(link: RedisLink, patterns: readonly string[]): AsyncGenerator<string> {
  for (const pattern of patterns) yield* link.keysMatching(pattern);
}

/** Puts back the keys `saveKeys` wrote, replacing any of the same names. Returns how many. */
export async function restoreKeys(link: RedisLink, file: string): Promise<number> {
  const handle = await open(file, 'r');
  let buffer = Buffer.alloc(0);
  let eof = false;
  const need = async (bytes: number): Promise<boolean> => {
    while (buffer.length < bytes && !eof) {
      const chunk = Buffer.alloc(Math.max(CHUNK, bytes));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) eof = true;
      buffer = Buffer.concat([buffer, chunk.subarray(0, bytesRead)]);
    }
    return buffer.length >= bytes;
  };
  const take = (bytes: number): Buffer => {
    const out = buffer.subarray(0, bytes);
    buffer = buffer.subarray(bytes);
    return out;
  };
  let n = 0;
  try {
    while (await need(4)) {
      const keyLength = take(4).readUInt32BE();
      if (!(await need(keyLength + 4))) throw new Error(`${file} ends inside a record`);
      const key = take(keyLength).toString('utf8');
      const valueLength = take(4).readUInt32BE();
      if (!(await need(valueLength))) throw new Error(`${file} ends inside a record`);
      await link.restore(key, Buffer.from(take(valueLength)));
      n++;
    }
  } finally {
    await handle.close();
  }
  return n;
}
