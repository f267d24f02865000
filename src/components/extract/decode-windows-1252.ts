/** What bytes 0x80–0x9F mean in windows-1252 (WHATWG's index-windows-1252); the other bytes are their latin1 selves. */
const C1_TABLE = '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

const C1 = /[\x80-\x9f]/g;

function fromC1(c: string): string {
  return C1_TABLE[c.charCodeAt(0) - 0x80];
}

/**
 * Decodes windows-1252, the encoding WHATWG gives every latin1, iso-8859-1 and ascii label.
 * Node 20.18.3 and later decode it as plain latin1 (nodejs/node#60888: 0x80 gives U+0080, not €),
 * so the bytes are read as latin1 and the 32 that differ are mapped here.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  return latin1.replace(C1, fromC1);
}
