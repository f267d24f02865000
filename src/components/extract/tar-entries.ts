/** A regular file of a tar archive: its name and where its bytes are. */
export interface TarEntry {
  readonly name: string;
  readonly offset: number;
  readonly size: number;
}

const BLOCK = 512;

/** Whether the bytes start a tar archive (ustar's magic at offset 257). */
export function isTar(bytes: Uint8Array): boolean {
  return bytes.length >= BLOCK && ascii(bytes, 257, 262) === 'ustar';
}

/**
 * The regular files of a tar archive (POSIX ustar, with GNU long names and pax `path` records),
 * in order; directories, links and devices are passed over. A header that runs past the end, or
 * an unreadable size, ends the listing: `complete` is then false.
 */
export function tarEntries(bytes: Uint8Array): { entries: TarEntry[]; complete: boolean } {
  const entries: TarEntry[] = [];
  let at = 0;
  let longName: string | undefined;
  while (at + BLOCK <= bytes.length) {
    if (bytes.subarray(at, at + BLOCK).every((b) => b === 0)) return { entries, complete: true };
    const size = parseInt(ascii(bytes, at + 124, at + 136).trim() || '0', 8);
    const type = String.fromCharCode(bytes[at + 156] || 0x30);
    const data = at + BLOCK;
    if (!Number.isFinite(size) || size < 0 || data + size > bytes.length) return { entries, complete: false };
    if (type === 'L') longName = text(bytes, data, data + size);
    else if (type === 'x') longName = paxPath(text(bytes, data, data + size)) ?? longName;
    else {
      const prefix = ascii(bytes, 257, 262) === 'ustar' ? text(bytes, at + 345, at + 500) : '';
      const name = longName ?? (prefix ? `${prefix}/${text(bytes, at, at + 100)}` : text(bytes, at, at + 100));
      longName = undefined;
      if (type === '0' || type === '\u0000' || type === '7') entries.push({ name, offset: data, size });
    }
    at = data + Math.ceil(size / BLOCK) * BLOCK;
  }
  return { entries, complete: at >= bytes.length };
}

/** A pax header's `path` record. */
function paxPath(records: string): string | undefined {
  for (const line of records.split('\n')) {
    const m = /^\d+ path=(.*)$/.exec(line);
    if (m) return m[1];
  }
  return undefined;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.subarray(from, to)).toString('latin1');
}

/** A NUL-terminated field, as UTF-8. */
function text(bytes: Uint8Array, from: number, to: number): string {
  const field = bytes.subarray(from, to);
  const nul = field.indexOf(0);
  return Buffer.from(nul < 0 ? field : field.subarray(0, nul)).toString('utf8');
}
