import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import { drain, EXTRACT_TIME_TRUNC, extractWithinBudget, runSliced, type ParseSteps } from './parse-budget.js';

/** A clock the test moves: each step of `work` advances it by `msPerStep`. */
class StepClock {
  t = 0;
  readonly now = (): number => this.t;
}

/** `n` steps, each taking `ms` on `clock`; `done` records the steps run and whether its finally ran. */
function work(n: number, clock: StepClock, ms: number, done: { steps: number; finished: boolean }): ParseSteps {
  return (function* () {
    try {
      for (let i = 0; i < n; i++) {
        clock.t += ms;
        done.steps++;
        yield;
      }
    } finally {
      done.finished = true;
    }
  })();
}

describe('parse budget (runSliced)', () => {
  it('runs work that fits one slice synchronously: no promise, no turn of the event loop', () => {
    const clock = new StepClock();
    const done = { steps: 0, finished: false };
    const outcome = runSliced(work(10, clock, 1, done), { maxTimeMs: 5000, now: clock.now });
    expect(outcome).to.equal('complete');
    expect(done).to.deep.equal({ steps: 10, finished: true });
  });

  it('gives the event loop a turn between slices, so that what waits there (a signal handler, a socket) runs in between', async () => {
    const clock = new StepClock();
    const done = { steps: 0, finished: false };
    const immediate = new Promise<number>((resolve) => setImmediate(() => resolve(done.steps)));
    const outcome = runSliced(work(100, clock, 1, done), { maxTimeMs: 0, sliceMs: 10, now: clock.now });
    expect(outcome).to.be.an.instanceOf(Promise);
    expect(done.steps, 'the first slice runs at once').to.equal(10);
    expect(await outcome).to.equal('complete');
    expect(await immediate, 'steps run before the first turn of the event loop').to.equal(10);
    expect(done).to.deep.equal({ steps: 100, finished: true });
  });

  it('cuts work that spends its budget: the steps end there (their finally runs) and the outcome says so', async () => {
    const clock = new StepClock();
    const done = { steps: 0, finished: false };
    const outcome = await runSliced(work(1000, clock, 1, done), { maxTimeMs: 25, sliceMs: 10, now: clock.now });
    expect(outcome).to.equal('timeTrunc');
    expect(done).to.deep.equal({ steps: 25, finished: true });
  });

  it('counts only the time of its own slices, not the time waited between them', async () => {
    const clock = new StepClock();
    const done = { steps: 0, finished: false };
    // Between slices the clock jumps by a minute (other URIs, a loaded machine): the budget is not spent by that.
    const waiting = setInterval(() => (clock.t += 60_000), 0);
    try {
      const outcome = await runSliced(work(40, clock, 1, done), { maxTimeMs: 50, sliceMs: 10, now: clock.now });
      expect(outcome).to.equal('complete');
      expect(done.steps).to.equal(40);
    } finally {
      clearInterval(waiting);
    }
  });

  it('has no limit at 0', async () => {
    const clock = new StepClock();
    const done = { steps: 0, finished: false };
    expect(await runSliced(work(200, clock, 100, done), { maxTimeMs: 0, sliceMs: 1000, now: clock.now })).to.equal('complete');
    expect(done.steps).to.equal(200);
  });

  it('passes on the error of a step that throws, synchronously in the first slice, as a rejection after', async () => {
    const clock = new StepClock();
    function* failing(at: number): ParseSteps {
      for (let i = 0; ; i++) {
        if (i === at) throw new Error(`step ${i} failed`);
        clock.t += 1;
        yield;
      }
    }
    expect(() => runSliced(failing(3), { maxTimeMs: 0, sliceMs: 10, now: clock.now })).to.throw('step 3 failed');
    let error: unknown;
    try {
      await runSliced(failing(30), { maxTimeMs: 0, sliceMs: 10, now: clock.now });
    } catch (e) {
      error = e;
    }
    expect((error as Error | undefined)?.message).to.equal('step 30 failed');
  });

  it('drain runs steps to their end and gives their value', () => {
    function* counted(): ParseSteps<number> {
      yield;
      yield;
      return 2;
    }
    expect(drain(counted())).to.equal(2);
  });

  it('extractWithinBudget annotates a cut URI extractTimeTrunc, once, and proceeds', async () => {
    const curi = new CrawlUri('http://example.org/');
    function* endless(): ParseSteps {
      for (;;) yield;
    }
    expect(await extractWithinBudget(curi, endless(), 1)).to.equal('PROCEED');
    expect(await extractWithinBudget(curi, endless(), 1)).to.equal('PROCEED');
    expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
    const whole = new CrawlUri('http://example.org/');
    expect(extractWithinBudget(whole, drainable(), 5000)).to.equal('PROCEED');
    expect(whole.annotations).to.deep.equal([]);
  });
});

function* drainable(): ParseSteps {
  yield;
}
