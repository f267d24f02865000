/** A file of a zip archive as its central directory states it. */
export interface ZipEntry {
  readonly name: string;
  /** General purpose flags: bit 0 encrypted, bit 3 sizes and CRC in a data descriptor, bit 11 UTF-8 name. */
  readonly flags: number;
  /** 0 stored, 8 deflated. */
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  /** Where its local header starts. */
  readonly localOffset: number;
  /** Its sizes or offset were given in a ZIP64 extra field (its data descriptor then has 8-byte sizes). */
  readonly zip64: boolean;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

/**
 * The entries of a zip archive (ZIP64 included), read from its central directory, in order.
 * Throws an Error saying what is wrong when there is no end of central directory record or the
 * directory runs past the bytes; what each entry's local header and data say is checked when it
 * is read (zipEntryContent).
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(view);
  if (end < 0) throw new Error('no end of central directory record');
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const locator = end - 20;
  if ((count === MAX16 || offset === MAX32) && locator >= 0 && view.getUint32(locator, true) === ZIP64_LOCATOR) {
    const at = number64(view, locator + 8);
    if (at + 56 > bytes.length || view.getUint32(at, true) !== ZIP64_EOCD) throw new Error('the ZIP64 end of central directory record is missing');
    count = number64(view, at + 32);
    offset = number64(view, at + 48);
  }
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) throw new Error(`the central directory ends before its entry ${i + 1} of ${count}`);
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > bytes.length) throw new Error(`the central directory ends inside its entry ${i + 1} of ${count}`);
    const raw = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = Buffer.from(raw.buffer, raw.byteOffset, raw.length).toString(flags & 0x800 ? 'utf8' : 'latin1');
    let size = view.getUint32(at + 24, true);
    let compressedSize = view.getUint32(at + 20, true);
    let localOffset = view.getUint32(at + 42, true);
    let zip64 = false;
    // A ZIP64 extra field gives, in this order, each of the three that is 0xFFFFFFFF here.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = view.getUint16(x, true);
      const length = view.getUint16(x + 2, true);
      if (id === 1) {
        let field = x + 4;
        const take = () => (field + 8 <= x + 4 + length ? ((field += 8), number64(view, field - 8)) : undefined);
        if (size === MAX32) size = take() ?? size;
        if (compressedSize === MAX32) compressedSize = take() ?? compressedSize;
        if (localOffset === MAX32) localOffset = take() ?? localOffset;
        zip64 = true;
      }
      x += 4 + length;
    }
    entries.push({ name, flags, method: view.getUint16(at + 10, true), crc: view.getUint32(at + 16, true), compressedSize, size, localOffset, zip64 });
    at = next;
  }
  return entries;
}

/** Where the end of central directory record starts (the last one within its comment's reach of the end), or -1. */
function endOfDirectory(view: DataView): number {
  const stop = Math.max(0, view.byteLength - 22 - MAX16);
  for (let at = view.byteLength - 22; at >= stop; at--) if (view.getUint32(at, true) === EOCD) return at;
  return -1;
}

/** A little-endian 64-bit number (exact to 2^53). */
export function number64(view: DataView, at: number): number {
  return view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
}
