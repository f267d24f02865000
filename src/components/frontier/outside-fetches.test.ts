import { expect } from 'chai';
import { OutsideFetches } from './outside-fetches.js';

describe('OutsideFetches', () => {
  it('holds a claim until each claim is let go (two pages may fetch the same URI at once)', () => {
    const o = new OutsideFetches();
    o.claim('u');
    o.claim('u');
    o.unclaim('u');
    expect(o.isClaimed('u')).to.equal(true);
    o.unclaim('u');
    expect(o.isClaimed('u')).to.equal(false);
    o.unclaim('u');
    expect(o.isClaimed('u')).to.equal(false);
  });

  it('notes a URI done elsewhere once, until its queued copy is passed over', () => {
    const o = new OutsideFetches();
    expect(o.markDone('u')).to.equal(true);
    expect(o.markDone('u')).to.equal(false);
    expect(o.isDone('u')).to.equal(true);
    o.forgetDone('u');
    expect(o.isDone('u')).to.equal(false);
  });

  it('keeps URIs handed out only once someone asks, and lets those waiting go when one settles', async () => {
    const o = new OutsideFetches();
    o.handedOut('before');
    const wait = o.waiter();
    expect(wait('before'), 'handed out before anyone asked').to.equal(undefined);
    o.handedOut('u');
    const waiting = wait('u');
    expect(waiting).to.be.an.instanceOf(Promise);
    let settled = false;
    void waiting!.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).to.equal(false);
    o.settled('u');
    await waiting;
    expect(settled).to.equal(true);
    expect(wait('u'), 'no longer in flight').to.equal(undefined);
  });
});
