import { expect } from 'chai';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ThreadGone, ThreadPool } from './thread-pool.js';

/** Doubles a number; on -1 the thread exits; on -2 it never answers. */
const DOUBLER = `
const { parentPort, threadId } = require('node:worker_threads');
parentPort.on('message', ({ id, job }) => {
  if (job === -1) process.exit(3);
  if (job === -2) return;
  parentPort.postMessage({ id, answer: { doubled: job * 2, threadId } });
});
`;

type Answer = { doubled: number; threadId: number };

/** Runs `job` once a thread is up (run gives undefined until then). */
async function onThread(pool: ThreadPool<number, Answer>, job: number): Promise<Answer> {
  for (;;) {
    const answer = pool.run(job);
    if (answer) return answer;
    await nextTurn();
  }
}

describe(ThreadPool.name, () => {
  it('answers nothing until a thread is up, then every job on the threads, spread over them', async () => {
    const pool = new ThreadPool<number, Answer>({ script: DOUBLER }, 2);
    try {
      expect(pool.run(1), 'no thread is up at the first job').to.equal(undefined);
      await pool.ready();
      const first = pool.run(21);
      expect(first, 'a thread is up once ready() has resolved').to.not.equal(undefined);
      expect((await first!).doubled).to.equal(42);
      // Both threads up: 40 jobs at once go to the one with fewer out, so both take some.
      while (new Set((await Promise.all([onThread(pool, 1), onThread(pool, 2)])).map((a) => a.threadId)).size < 2) await nextTurn();
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => pool.run(i)!));
      expect(answers.map((a) => a.doubled)).to.deep.equal(Array.from({ length: 40 }, (_, i) => 2 * i));
      expect(new Set(answers.map((a) => a.threadId)).size).to.equal(2);
      expect(pool.answered).to.be.at.least(43);
    } finally {
      pool.close();
    }
  });

  it('begins no thread before beginAfter jobs were asked for (the caller does those), then as usual', async () => {
    const pool = new ThreadPool<number, Answer>({ script: DOUBLER }, 1, { beginAfter: 3 });
    try {
      await pool.ready(); // at once: no thread may begin yet
      for (let i = 0; i < 3; i++) expect(pool.run(i), `job ${i}: the caller's`).to.equal(undefined);
      await pool.ready();
      expect((await onThread(pool, 4)).doubled).to.equal(8);
    } finally {
      pool.close();
    }
  });

  it('rejects the jobs of a thread that fails with ThreadGone, and sends none after', async () => {
    const pool = new ThreadPool<number, Answer>({ script: DOUBLER }, 1);
    try {
      await onThread(pool, 1);
      const lost = pool.run(-2)!;
      const failing = pool.run(-1)!;
      for (const p of [lost, failing]) {
        const e = await p.then(() => undefined, (error: unknown) => error);
        expect(e).to.be.instanceOf(ThreadGone);
        expect((e as Error).message).to.match(/exited \(code 3\)/);
      }
      expect(pool.run(5), 'no thread after a failure: the caller does the work').to.equal(undefined);
      await pool.ready(); // at once: no thread can be up
    } finally {
      pool.close();
    }
  });

  it('rejects the jobs still out when it closes, and takes none after', async () => {
    const pool = new ThreadPool<number, Answer>({ script: DOUBLER }, 1);
    await onThread(pool, 1);
    const out = pool.run(-2)!;
    pool.close();
    const e = await out.then(() => undefined, (error: unknown) => error);
    expect(e).to.be.instanceOf(ThreadGone);
    expect(pool.run(1)).to.equal(undefined);
  });
});
