import { open } from 'node:fs/promises';

/**
 * `first` followed by the first `length` bytes of the file at `path`, in one buffer allocated once
 * (a body kept partly in a scratch file, read back for extractors): never the file's bytes in a
 * buffer of their own and then copied. Throws when the file holds fewer bytes.
 */
export async function readBack(first: Buffer, path: string, length: number): Promise<Buffer> {
  const whole = Buffer.allocUnsafe(first.length + length);
  first.copy(whole, 0);
  const handle = await open(path, 'r');
  try {
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(whole, first.length + read, length - read, read);
      if (bytesRead === 0) throw new Error(`${path}: ${read} bytes where ${length} were kept`);
      read += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return whole;
}
