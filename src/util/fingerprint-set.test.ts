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

  it('gives distinct fingerprints to a million similar URIs', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 1_000_000; i++) seen.add(fingerprint(`http://host${i % 97}.example/p/${i}`));
    expect(seen.size).to.equal(1_000_000);
  });
});
