import { expect } from 'chai';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BoundedWork } from './bounded-work.js';

/** A promise and its settlers, for work that ends when a test says. */
function piece(): { work: Promise<void>; end: () => void; fail: (e: Error) => void } {
  let end!: () => void;
  let fail!: (e: Error) => void;
  const work = new Promise<void>((resolve, reject) => {
    end = resolve;
    fail = reject;
  });
  return { work, end, fail };
}

/** Whether `p` has settled by the next turn of the event loop. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true), () => (done = true));
  await nextTurn();
  return done;
}

describe(BoundedWork.name, () => {
  it('lets pieces in without waiting below its limit, then has the adder wait until one settles', async () => {
    const bounded = new BoundedWork(() => 3);
    const pieces = [piece(), piece(), piece()];
    expect(bounded.add(pieces[0].work), 'one of three').to.equal(undefined);
    expect(bounded.add(pieces[1].work), 'two of three').to.equal(undefined);
    const full = bounded.add(pieces[2].work);
    expect(full, 'the third reaches the limit: its adder waits').to.be.instanceOf(Promise);
    expect(bounded.size).to.equal(3);
    expect(await settled(full as Promise<void>), 'nothing has settled yet').to.equal(false);
    pieces[1].fail(new Error('a piece that fails counts as settled'));
    expect(await settled(full as Promise<void>), 'a piece settled: there is room').to.equal(true);
    expect(bounded.size).to.equal(2);
  });

  it('wakes every waiter once a piece settles below the limit, so that none waits on nothing', async () => {
    const bounded = new BoundedWork(() => 2);
    const a = piece();
    const b = piece();
    const c = piece();
    bounded.add(a.work);
    const waits = [bounded.add(b.work), bounded.add(c.work)];
    expect(waits.every((w) => w instanceof Promise), 'both adders at or over the limit wait').to.equal(true);
    a.end();
    expect(await settled(waits[0] as Promise<void>), 'still at the limit (2 in flight): no room yet').to.equal(false);
    b.end();
    expect(await settled(Promise.all(waits)), 'below the limit: every waiter goes on').to.equal(true);
  });

  it('reads its limit live: a raised limit lets the waiters go on at once', async () => {
    let limit = 1;
    const bounded = new BoundedWork(() => limit);
    const a = piece();
    const full = bounded.add(a.work) as Promise<void>;
    expect(full).to.be.instanceOf(Promise);
    limit = 4;
    bounded.limitChanged();
    expect(await settled(full), 'room under the raised limit').to.equal(true);
    a.end();
  });

  it('says when no piece is in flight', async () => {
    const bounded = new BoundedWork(() => 10);
    expect(await settled(bounded.idle()), 'idle with nothing added').to.equal(true);
    const a = piece();
    const b = piece();
    bounded.add(a.work);
    bounded.add(b.work);
    const idle = bounded.idle();
    a.end();
    expect(await settled(idle), 'one still in flight').to.equal(false);
    b.end();
    expect(await settled(idle), 'both settled').to.equal(true);
  });

  it('never leaves a waiter waiting with nothing in flight, though more were added than its limit', async () => {
    // Waiters woken together go on at once; until each adds its next piece, more can be added
    // over the limit. Waking one waiter a settled piece would then leave the last waiting on nothing.
    const bounded = new BoundedWork(() => 2);
    const pieces = [piece(), piece(), piece(), piece()];
    const waits = pieces.map((p) => bounded.add(p.work)).filter((w): w is Promise<void> => w !== undefined);
    expect(waits, 'the second, third and fourth adders wait').to.have.length(3);
    for (const p of pieces) p.end();
    await bounded.idle();
    expect(await settled(Promise.all(waits)), 'every waiter went on once nothing was in flight').to.equal(true);
  });
});
