/**
 * Heritrix's 64-bit Rabin fingerprint, `FPGenerator.std64` (st.ata.util): polynomials over GF(2)
 * modulo the irreducible polynomial Heritrix names `polynomials[64][0]`, the least significant
 * exponent kept in the most significant bit. The fingerprint of a string is that of the byte 0x01,
 * eight 0x00 bytes and the string's UTF-16 code units, 16 bits each (`fp(CharSequence)`). Heritrix
 * uses it wherever two machines must agree on a number: HashCrawlMapper's division of a crawl
 * among crawlers, CrawlMapper's recently-diverted cache.
 *
 * The state is kept as two unsigned 32-bit halves; only the two byte tables a 16-bit step needs are
 * built (from x^i mod P, as Heritrix builds all sixteen), so a class key costs a few table lookups a
 * character and no BigInt until the end.
 */
const POLYNOMIAL = 0xd74307d3fd3382dbn;
const MASK64 = (1n << 64n) - 1n;

/** x^i mod P for i in [0, 128), in the reversed representation. */
function powerTable(): bigint[] {
  const table: bigint[] = [];
  let x = 1n << 63n;
  for (let i = 0; i < 128; i++) {
    table.push(x);
    const overflow = (x & 1n) !== 0n;
    x >>= 1n;
    if (overflow) x ^= POLYNOMIAL;
  }
  return table;
}

interface Tables {
  readonly emptyHi: number;
  readonly emptyLo: number;
  /** ByteModTable[6] and [7]: hi and lo halves. */
  readonly t6hi: Uint32Array;
  readonly t6lo: Uint32Array;
  readonly t7hi: Uint32Array;
  readonly t7lo: Uint32Array;
}

let tables: Tables | undefined;

function build(): Tables {
  const power = powerTable();
  const row = (i: number) => {
    const hi = new Uint32Array(256);
    const lo = new Uint32Array(256);
    for (let j = 0; j < 256; j++) {
      let v = 0n;
      for (let k = 0; k < 8; k++) if (j & (1 << k)) v ^= power[127 - i * 8 - k];
      hi[j] = Number(v >> 32n);
      lo[j] = Number(v & 0xffffffffn);
    }
    return { hi, lo };
  };
  const t6 = row(6);
  const t7 = row(7);
  return {
    emptyHi: Number(power[64] >> 32n), emptyLo: Number(power[64] & 0xffffffffn),
    t6hi: t6.hi, t6lo: t6.lo, t7hi: t7.hi, t7lo: t7.lo,
  };
}

/** `FPGenerator.std64.fp(s)`: the signed 64-bit fingerprint Java returns. */
export function fingerprint64(s: string): bigint {
  const t = (tables ??= build());
  let hi = t.emptyHi;
  let lo = t.emptyLo;
  for (let n = 0; n < s.length; n++) {
    lo = (lo ^ s.charCodeAt(n)) >>> 0;
    const i = lo;
    // f >>> 16, then the 16 bits shifted out reduced through the tables (extend_char).
    let nlo = ((lo >>> 16) | (hi << 16)) >>> 0;
    let nhi = hi >>> 16;
    nhi ^= t.t6hi[i & 0xff];
    nlo ^= t.t6lo[i & 0xff];
    nhi ^= t.t7hi[(i >>> 8) & 0xff];
    nlo ^= t.t7lo[(i >>> 8) & 0xff];
    hi = nhi >>> 0;
    lo = nlo >>> 0;
  }
  // reduce() is the identity for degree 64.
  return BigInt.asIntN(64, ((BigInt(hi) << 32n) | BigInt(lo)) & MASK64);
}

/** Heritrix's bucket of a fingerprint: Java's `fp % count` (sign of the dividend), made non-negative. */
export function fingerprintBucket(fp: bigint, count: number): number {
  const bucket = Number(fp % BigInt(count));
  return bucket < 0 ? -bucket : bucket;
}
