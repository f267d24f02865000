import { expect } from 'chai';
import { RecentFingerprints } from './recent-fingerprints.js';

describe(RecentFingerprints.name, () => {
  it('remembers at least the last `capacity` strings, and forgets those older than twice as many', () => {
    const recent = new RecentFingerprints(1000);
    for (let i = 0; i < 5000; i++) recent.add(`u${i}`);
    for (let i = 4000; i < 5000; i++) expect(recent.has(`u${i}`)).to.equal(true);
    for (let i = 0; i < 3000; i++) expect(recent.has(`u${i}`)).to.equal(false);
  });

  it('remembers nothing with capacity 0', () => {
    const recent = new RecentFingerprints(0);
    recent.add('u');
    expect(recent.has('u')).to.equal(false);
  });
});
