import { expect } from 'chai';
import { PackedFingerprints } from './packed-fingerprints.js';

/** A reproducible stream of 53-bit numbers (xorshift). */
function randoms(seed: number): () => number {
  let a = seed | 1;
  let b = (seed * 7919) | 1;
  const next32 = (): number => {
    a ^= a << 13;
    a ^= a >>> 17;
    a ^= a << 5;
    b = Math.imul(b, 0x2c1b3c6d) + 0x297a2d39;
    return (a ^ b) >>> 0;
  };
  return () => (next32() * 0x200000 + (next32() & 0x1fffff)) || 1;
}

function sortedDistinct(values: number[]): Float64Array {
  return Float64Array.from(new Set(values)).sort();
}

function members(set: PackedFingerprints): number[] {
  const out: number[] = [];
  set.forEach((v) => out.push(v));
  return out;
}

describe(PackedFingerprints.name, () => {
  it('finds exactly its members, from the smallest fingerprint to the largest', () => {
    const values = sortedDistinct([1, 2, 3, 2 ** 53 - 1, 2 ** 52, 12345, 2 ** 32, 2 ** 32 + 1]);
    const set = PackedFingerprints.of(values);
    for (const v of values) expect(set.has(v), String(v)).to.equal(true);
    for (const v of [4, 2 ** 53 - 2, 2 ** 52 + 1, 12344, 2 ** 32 - 1]) expect(set.has(v), String(v)).to.equal(false);
    expect(members(set)).to.deep.equal([...values]);
  });

  it('codes dense runs (gaps of 1), sparse sets (whole gaps) and random fingerprints alike, losing nothing', () => {
    const rand = randoms(42);
    const dense = Array.from({ length: 5000 }, (_, i) => 2 ** 40 + i * (i % 3 === 0 ? 1 : 2));
    const sparse = Array.from({ length: 300 }, () => rand());
    const random = Array.from({ length: 200_000 }, () => rand());
    for (const values of [dense, sparse, random]) {
      const sorted = sortedDistinct(values);
      const set = PackedFingerprints.of(sorted);
      expect(set.size).to.equal(sorted.length);
      expect(members(set)).to.deep.equal([...sorted]);
      for (let i = 0; i < sorted.length; i += 7) {
        expect(set.has(sorted[i])).to.equal(true);
        if (i + 1 < sorted.length && sorted[i + 1] > sorted[i] + 1) expect(set.has(sorted[i] + 1)).to.equal(false);
      }
    }
  });

  it('merges new members in again and again, answering as a Set would, in about 4.3 bytes a member at a million', () => {
    const rand = randoms(7);
    const reference = new Set<number>();
    let set = PackedFingerprints.EMPTY;
    for (let round = 0; round < 10; round++) {
      const fresh: number[] = [];
      while (fresh.length < 100_000) {
        const v = rand();
        if (!reference.has(v)) {
          reference.add(v);
          fresh.push(v);
        }
      }
      set = set.withMembers(Float64Array.from(fresh).sort());
      expect(set.size).to.equal(reference.size);
    }
    for (const v of [...reference].slice(0, 50_000)) expect(set.has(v)).to.equal(true);
    for (let i = 0; i < 50_000; i++) {
      const v = rand();
      expect(set.has(v)).to.equal(reference.has(v));
    }
    expect(members(set)).to.deep.equal([...reference].sort((x, y) => x - y));
    // log2(2^53 / 10^6) + 2 bits, and the index; pages are 256 KiB, so the last is part empty.
    expect(set.bytes / set.size).to.be.below(4.8);
  });

  it('merges a few blocks at a time, answering for every old and new member (and nothing else) at each step', () => {
    const rand = randoms(11);
    const old: number[] = [];
    for (let k = 0; k < 300_000; k++) old.push(rand());
    // Dense runs too, so that a block's members and fresh ones interleave closely.
    for (let k = 0; k < 5000; k++) old.push(2 ** 40 + 2 * k);
    const oldSet = PackedFingerprints.of(sortedDistinct(old));
    const fresh = sortedDistinct([...Array.from({ length: 40_000 }, () => rand()), ...Array.from({ length: 3000 }, (_, k) => 2 ** 40 + 2 * k + 1)].filter((v) => !oldSet.has(v)));
    const all = new Set([...old, ...fresh]);
    const probes = [...all].filter((_, k) => k % 97 === 0);
    // Random ones, and next to members (each side of a block's bounds, of the block being filled…).
    const strangers = [...Array.from({ length: 2000 }, () => rand()), ...probes.flatMap((v) => [v - 1, v + 1])].filter((v) => v > 0 && !all.has(v));
    const merge = oldSet.merging(fresh);
    expect(merge.size).to.equal(all.size);
    let steps = 0;
    for (let done = false; !done; steps++) {
      done = merge.step(7);
      if (done || steps % 50 !== 0) continue;
      for (const v of probes) expect(merge.has(v), `member ${v} at step ${steps}`).to.equal(true);
      for (const v of strangers) expect(merge.has(v), `stranger ${v} at step ${steps}`).to.equal(false);
    }
    expect(steps).to.be.greaterThan(100);
    const merged = merge.finish();
    expect(members(merged)).to.deep.equal([...all].sort((x, y) => x - y));
  });
});
