import { expect } from 'chai';
import { FrontierTallies, FrontierTallyError } from './frontier-tallies.js';

/** The counts of the invariants, as one object to compare. */
function counts(t: FrontierTallies): Record<string, number> {
  return { queued: t.queued, inMemory: t.inMemory, inProcess: t.inProcess };
}

/** Expects `act` to throw a FrontierTallyError naming `transition` and saying `why`, leaving the counts as they were. */
function expectBreach(t: FrontierTallies, transition: string, why: RegExp, act: () => void): void {
  const before = { ...counts(t), ...t.totals() };
  let thrown: unknown;
  try {
    act();
  } catch (e) {
    thrown = e;
  }
  expect(thrown, `${transition} should have thrown`).to.be.instanceOf(FrontierTallyError);
  const error = thrown as FrontierTallyError;
  expect(error.transition).to.equal(transition);
  expect(error.message).to.contain(`at ${transition}:`).and.match(why);
  expect({ ...counts(t), ...t.totals() }, 'a refused transition changes nothing').to.deep.equal(before);
}

describe(FrontierTallies.name, () => {
  describe('transitions', () => {
    it('counts a URI through its life: scheduled, taken, retried, taken again, done', () => {
      const t = new FrontierTallies();
      t.scheduled(true);
      t.scheduled(false);
      expect(counts(t)).to.deep.equal({ queued: 2, inMemory: 1, inProcess: 0 });
      expect(t.discovered).to.equal(2);
      t.taking();
      expect(counts(t)).to.deep.equal({ queued: 2, inMemory: 1, inProcess: 1 });
      t.took(true, 0);
      expect(counts(t)).to.deep.equal({ queued: 1, inMemory: 0, inProcess: 1 });
      t.returned();
      expect(counts(t)).to.deep.equal({ queued: 2, inMemory: 1, inProcess: 0 });
      t.taking();
      t.took(true, 0);
      t.done('success');
      t.taking();
      t.took(false, 0);
      t.done('disregarded');
      expect(counts(t)).to.deep.equal({ queued: 0, inMemory: 0, inProcess: 0 });
      expect(t.totals()).to.deep.equal({ discovered: 2, succeeded: 1, failed: 0, disregarded: 1 });
    });

    it('counts each final disposition in its own total; a retry returns, never counts as done', () => {
      const t = new FrontierTallies();
      for (const d of ['success', 'failure', 'disregarded', 'failure'] as const) {
        t.scheduled(true);
        t.taking();
        t.took(true, 0);
        t.done(d);
      }
      expect(t.totals()).to.deep.equal({ discovered: 4, succeeded: 1, failed: 2, disregarded: 1 });
      t.scheduled(true);
      t.taking();
      t.took(true, 0);
      for (const d of ['retry', 'deferred'] as const) expectBreach(t, 'done', new RegExp(`disposition is ${d} is not done`), () => t.done(d));
    });

    it('lets tail URIs leave memory through a take, a take that got nothing, and a spill, without leaving the queue', () => {
      const t = new FrontierTallies();
      for (let i = 0; i < 6; i++) t.scheduled(true);
      t.taking();
      t.took(false, 2); // the head came back from the journal; two of the tail went there first
      expect(counts(t)).to.deep.equal({ queued: 5, inMemory: 4, inProcess: 1 });
      t.taking();
      t.tookNothing(1);
      expect(counts(t)).to.deep.equal({ queued: 5, inMemory: 3, inProcess: 1 });
      t.spilled(3);
      expect(counts(t)).to.deep.equal({ queued: 5, inMemory: 0, inProcess: 1 });
    });

    it('takes back an earlier launch: its totals, and its stored queues as waiting', () => {
      const t = new FrontierTallies();
      t.restoredTotals({ discovered: 10, succeeded: 4, failed: 1, disregarded: 2 });
      t.restoredQueue(2, 1);
      t.restoredQueue(0, 0);
      expect(counts(t)).to.deep.equal({ queued: 3, inMemory: 1, inProcess: 0 });
      t.scheduled(true);
      expect(t.totals()).to.deep.equal({ discovered: 11, succeeded: 4, failed: 1, disregarded: 2 });
    });

    it('deletes waiting URIs, in memory or not', () => {
      const t = new FrontierTallies();
      t.scheduled(true);
      t.scheduled(false);
      t.deleted(false);
      t.deleted(true);
      expect(counts(t)).to.deep.equal({ queued: 0, inMemory: 0, inProcess: 0 });
      expect(t.discovered, 'what was found stays found').to.equal(2);
    });
  });

  describe('invariants', () => {
    it('refuses to count a URI done, returned, or read for nothing when none is in process', () => {
      const t = new FrontierTallies();
      t.scheduled(true);
      expectBreach(t, 'done', /inProcess would be -1/, () => t.done('success'));
      expectBreach(t, 'returned', /inProcess would be -1/, () => t.returned());
      expectBreach(t, 'tookNothing', /inProcess would be -1/, () => t.tookNothing(0));
    });

    it('refuses to take or delete a URI when none is queued', () => {
      const t = new FrontierTallies();
      t.taking();
      expectBreach(t, 'took', /queued would be -1/, () => t.took(false, 0));
      expectBreach(t, 'deleted', /queued would be -1/, () => t.deleted(false));
    });

    it('refuses to let more URIs leave memory than it holds', () => {
      const t = new FrontierTallies();
      t.scheduled(false);
      t.scheduled(true);
      expectBreach(t, 'spilled', /inMemory would be -1/, () => t.spilled(2));
      expectBreach(t, 'took', /inMemory would be -1/, () => t.took(true, 1));
      t.taking();
      expectBreach(t, 'tookNothing', /inMemory would be -1/, () => t.tookNothing(2));
      expectBreach(t, 'spilled', /not be a number/, () => t.spilled(Number.NaN));
    });

    it('refuses to hold in memory more URIs than wait in queues', () => {
      const t = new FrontierTallies();
      t.scheduled(true);
      t.scheduled(true);
      t.taking();
      // Taken from the journal's head, though memory held both: memory would hold 2 of 1 waiting.
      expectBreach(t, 'took', /inMemory would be 2, more than the 1 queued/, () => t.took(false, 0));
      expectBreach(t, 'deleted', /inMemory would be 2, more than the 1 queued/, () => t.deleted(false));
    });

    it('refuses totals from a journal that are not counts', () => {
      const t = new FrontierTallies();
      expectBreach(t, 'restoredTotals', /failed would be -1/, () => t.restoredTotals({ discovered: 1, succeeded: 0, failed: -1, disregarded: 0 }));
      expectBreach(t, 'restoredTotals', /discovered would be undefined/, () => t.restoredTotals({ succeeded: 0, failed: 0, disregarded: 0 } as never));
    });

    it('holds through a long random run of the transitions that keep them, against counts kept by hand', () => {
      const t = new FrontierTallies();
      let seed = 11;
      const random = (n: number) => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed % n;
      };
      // A model of the frontier's URIs: waiting in memory, waiting in the journal, in process.
      let memory = 0;
      let journal = 0;
      let taking = 0;
      let taken = 0;
      for (let step = 0; step < 20_000; step++) {
        const what = random(8);
        if (what === 0 || what === 1) {
          const inMemory = random(2) === 0;
          t.scheduled(inMemory);
          if (inMemory) memory++;
          else journal++;
        } else if (what === 2 && memory + journal > taking) {
          t.taking();
          taking++;
        } else if (what === 3 && taking > 0) {
          const released = random(Math.min(memory, 3) + 1);
          const fromMemory = memory - released > 0 && (journal === 0 || random(2) === 0);
          if (!fromMemory && journal + released === 0) continue;
          t.took(fromMemory, released);
          memory -= released + (fromMemory ? 1 : 0);
          journal += released - (fromMemory ? 0 : 1);
          taking--;
          taken++;
        } else if (what === 4 && taking > 0) {
          const released = random(memory + 1);
          t.tookNothing(released);
          memory -= released;
          journal += released;
          taking--;
        } else if (what === 5 && taken > 0) {
          t.returned();
          memory++;
          taken--;
        } else if (what === 6 && taken > 0) {
          t.done(random(2) === 0 ? 'success' : 'failure');
          taken--;
        } else if (what === 7 && memory > 0) {
          const n = 1 + random(memory);
          t.spilled(n);
          memory -= n;
          journal += n;
        }
        expect(counts(t), `step ${step}`).to.deep.equal({ queued: memory + journal, inMemory: memory, inProcess: taking + taken });
      }
    });
  });
});
