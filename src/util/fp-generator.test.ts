import { expect } from 'chai';
import { fingerprint64, fingerprintBucket } from './fp-generator.js';

const P = 0xd74307d3fd3382dbn;

/** Multiplies by x modulo P, one bit at a time (reversed representation: x^0 in the top bit). */
function timesX(f: bigint): bigint {
  return (f & 1n) !== 0n ? (f >> 1n) ^ P : f >> 1n;
}

/**
 * The fingerprint from its definition, with no tables: f(g(S)) mod P where g(S) is the byte 0x01,
 * eight 0x00 bytes, then S's characters (16 bits each). The leading 1 followed by 64 zero bits is
 * x^64; each character is added into the lowest 16 coefficients' places and shifted through.
 */
function byDefinition(s: string): bigint {
  let f = 1n << 63n;
  for (let i = 0; i < 64; i++) f = timesX(f);
  for (const unit of Array.from({ length: s.length }, (_, i) => s.charCodeAt(i))) {
    f ^= BigInt(unit);
    for (let b = 0; b < 16; b++) f = timesX(f);
  }
  return BigInt.asIntN(64, f);
}

describe('fingerprint64 (Heritrix FPGenerator.std64)', () => {
  it('equals the fingerprint computed bit by bit from its definition', () => {
    const samples = ['', 'a', 'org,example,', 'org,example,www,#8080', '127.0.0.1#8080', 'uk,co,example,', 'été', '\uffff\u0000x', 'x'.repeat(300)];
    for (const s of samples) expect(fingerprint64(s), JSON.stringify(s)).to.equal(byDefinition(s));
  });

  // Printed by Heritrix's own st.ata.util.FPGenerator (Java 17): FPGenerator.std64.fp(key), and Math.abs(fp % n).
  const HERITRIX: Array<[string, bigint, number, number, number]> = [
    ['', -2935493925047926053n, 1, 0, 0],
    ['a', 4496813661046392933n, 1, 0, 2],
    ['org,example,', -2016061484133611531n, 1, 2, 1],
    ['org,example,www,', -9161375482416485406n, 0, 0, 1],
    ['127.0.0.1#8080', -6287314188901733991n, 1, 0, 3],
    ['com,archive,', -6322611632119501245n, 1, 0, 2],
    ['été', -3404635574986600194n, 0, 0, 2],
    ['http://example.org/a', 62705845334009471n, 1, 2, 6],
  ];
  for (const [key, fp, m2, m3, m7] of HERITRIX) {
    it(`agrees with Heritrix on ${JSON.stringify(key)}, and on its bucket among 2, 3 and 7 crawlers`, () => {
      expect(fingerprint64(key)).to.equal(fp);
      expect([fingerprintBucket(fp, 2), fingerprintBucket(fp, 3), fingerprintBucket(fp, 7)]).to.deep.equal([m2, m3, m7]);
    });
  }
});
