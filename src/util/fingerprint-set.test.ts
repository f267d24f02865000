import { expect } from 'chai';
import { FingerprintSet, fingerprint } from './fingerprint-set.js';

describe(FingerprintSet.name, () => {
  it('adds once: true the first time, false after', () => {
    const set = new FingerprintSet(4);
    expect(set.add('http://example.org/')).to.equal(true);
    expect(set.add('http://example.org/')).to.equal(false);
    expect(set.has('http://example.org/')).to.equal(true);
    expect(set.has('http://example.org/x')).to.equal(false);
  });

  it('grows past its initial capacity and keeps every member', () => {
    const set = new FingerprintSet(4);
    for (let i = 0; i < 100_000; i++) expect(set.add(`http://example.org/page/${i}`)).to.equal(true);
    expect(set.size).to.equal(100_000);
    for (let i = 0; i < 100_000; i += 997) expect(set.has(`http://example.org/page/${i}`)).to.equal(true);
  });

  it('merges its table into the packed members, a few blocks at each add, again and again, and answers exactly as a Set would meanwhile', () => {
    const set = new FingerprintSet(16, 1000);
    const reference = new Set<number>();
    for (let i = 0; i < 50_000; i++) {
      // A third of the adds repeat an earlier member, merged or not.
      const key = `http://example.org/${i % 3 === 0 ? Math.floor(i / 2) : i}`;
      const fp = fingerprint(key);
      expect(set.add(key), key).to.equal(!reference.has(fp));
      reference.add(fp);
    }
    expect(set.size).to.equal(reference.size);
    for (let i = 0; i < 60_000; i++) expect(set.has(`http://example.org/${i}`)).to.equal(reference.has(fingerprint(`http://example.org/${i}`)));
  });

  it('finds the smallest and the largest fingerprints once merged', () => {
    const set = new FingerprintSet(16, 4);
    for (const fp of [1, 2 ** 53 - 1, 2 ** 52, 12345]) expect(set.addFingerprint(fp)).to.equal(true);
    for (const fp of [1, 2 ** 53 - 1, 2 ** 52, 12345]) expect(set.hasFingerprint(fp)).to.equal(true);
    expect(set.hasFingerprint(2)).to.equal(false);
    expect(set.addFingerprint(2 ** 53 - 1)).to.equal(false);
  });

  it('gives distinct fingerprints to a million similar URIs', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 1_000_000; i++) seen.add(fingerprint(`http://host${i % 97}.example/p/${i}`));
    expect(seen.size).to.equal(1_000_000);
  });
});
