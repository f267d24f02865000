import { expect } from 'chai';
import { busyUntil } from '../../test/support/busy-loop.js';
import { LoopLoad } from './loop-load.js';

describe('LoopLoad', () => {
  it('says at once when there is nothing to wait for: a share of 1 or more, no wait allowed, an idle loop', async () => {
    const load = new LoopLoad(50);
    try {
      expect(await load.below(1, 10_000)).to.equal(0);
      expect(await load.below(0.5, 0)).to.equal(0);
      expect(await load.below(0.5, 10_000)).to.equal(0);
    } finally {
      load.stop();
    }
  });

  it('holds a wait while the loop is busy and lets it go once the loop is idle again', async () => {
    const load = new LoopLoad(50);
    try {
      void load.below(0.5, 60_000); // sampling begins
      await busyUntil(() => load.share > 0.9);
      let waited: number | undefined;
      const wait = load.below(0.5, 60_000).then((ms) => (waited = ms));
      // Busy for three more windows: the wait is still held.
      const busyTill = performance.now() + 3 * load.windowMs;
      await busyUntil(() => performance.now() >= busyTill);
      expect(waited, `let go while the loop was busy (share ${load.share})`).to.equal(undefined);
      // Idle: let go within a window or two.
      await wait;
      expect(waited).to.be.greaterThan(0);
      expect(load.share).to.be.at.most(0.5);
    } finally {
      load.stop();
    }
  });

  it('lets a wait go after maxWaitMs though the loop stays busy', async () => {
    const load = new LoopLoad(50);
    try {
      void load.below(0.5, 60_000);
      await busyUntil(() => load.share > 0.9);
      let waited: number | undefined;
      void load.below(0.5, 200).then((ms) => (waited = ms));
      await busyUntil(() => waited !== undefined);
      expect(waited).to.be.at.least(200);
      expect(load.share, 'the loop was still busy when the wait ended').to.be.greaterThan(0.5);
    } finally {
      load.stop();
    }
  });

  it('lets every wait go at stop', async () => {
    const load = new LoopLoad(50);
    void load.below(0.5, 60_000);
    await busyUntil(() => load.share > 0.9);
    const wait = load.below(0.5, 60_000);
    load.stop();
    expect(await wait).to.be.at.least(0);
  });
});
