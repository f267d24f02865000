import { expect } from 'chai';
import { RestingQueues } from './resting-queues.js';
import { WorkQueue } from './work-queue.js';

describe(RestingQueues.name, () => {
  it('wakes the queues due, soonest first, counting those that waited to retry apart', () => {
    const due: string[] = [];
    const resting = new RestingQueues((q) => due.push(q.key), () => undefined);
    try {
      const now = Date.now();
      const [a, b, c] = ['a', 'b', 'c'].map((k) => new WorkQueue(k, 1));
      resting.rest(c, now + 60_000, false);
      resting.rest(b, now + 20, true);
      resting.rest(a, now + 10, false);
      expect(resting.size).to.equal(3);
      expect(resting.retrying, 'b waits to retry').to.equal(1);
      resting.wakeDue(now + 30);
      expect(due, 'a then b; c rests on').to.deep.equal(['a', 'b']);
      expect([a.wakeAt, b.wakeAt, b.retryWait], 'their rest is over').to.deep.equal([0, 0, false]);
      expect(resting.retrying).to.equal(0);
      expect([...resting.values()]).to.deep.equal([c]);
    } finally {
      resting.close();
    }
  });

  it('wakes a queue by its timer once its rest is over, then says it fired', async () => {
    let fired = 0;
    let woken!: (key: string) => void;
    const wokenOnce = new Promise<string>((resolve) => (woken = resolve));
    const resting = new RestingQueues((q) => woken(q.key), () => fired++);
    try {
      const q = new WorkQueue('a', 1);
      const at = Date.now() + 5;
      resting.rest(q, at, false);
      expect(await wokenOnce).to.equal('a');
      expect(Date.now(), 'not before its rest was over').to.be.at.least(at);
      expect(fired, 'fired once it had woken the queue').to.be.at.least(1);
      expect(resting.size).to.equal(0);
    } finally {
      resting.close();
    }
  });
});
