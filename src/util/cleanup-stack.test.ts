import { expect } from 'chai';
import { BeancrawlError } from './beancrawl-error.js';
import { CleanupFailed, CleanupStack, joinErrors } from './cleanup-stack.js';

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(() => expect.fail('expected a rejection'), (e: unknown) => e);
}

describe('CleanupStack', () => {
  it('runs cleanups last added first, each once', async () => {
    const ran: string[] = [];
    const stack = new CleanupStack();
    stack.defer('a', () => ran.push('a'));
    stack.defer('b', async () => {
      await Promise.resolve();
      ran.push('b');
    });
    stack.defer('c', () => ran.push('c'));
    await stack.dispose();
    expect(ran).to.deep.equal(['c', 'b', 'a']);
    expect(await stack.run()).to.deep.equal([]);
    expect(ran).to.have.length(3);
  });

  it('runs every cleanup when some throw, and throws them together, each named for what it undid', async () => {
    const ran: string[] = [];
    const stack = new CleanupStack();
    stack.defer('the first', () => ran.push('first'));
    stack.defer('the socket', () => Promise.reject(new Error('EBADF')));
    stack.defer('the record', () => {
      throw new Error('EISDIR');
    });
    const e = await rejection(stack.dispose());
    expect(ran).to.deep.equal(['first']);
    expect(e).to.be.instanceOf(AggregateError);
    expect((e as Error).message).to.equal('the record: EISDIR\nthe socket: EBADF');
    expect((e as AggregateError).errors.map((f: unknown) => f instanceof CleanupFailed && f.what)).to.deep.equal(['the record', 'the socket']);
  });

  it('keeps the work\'s own error first, the cleanups\' after it; BeancrawlErrors stay one with every diagnostic', async () => {
    const stack = new CleanupStack();
    stack.defer('the beans', () => {
      throw new BeancrawlError([{ code: 'BC_STOP_FAILED', bean: 'b', message: 'stop() failed: no' }]);
    });
    const crawl = new BeancrawlError([{ code: 'BC_JOB_FOLDER_GONE', message: 'the job folder was deleted' }]);
    const e = await rejection(stack.dispose({ error: crawl }));
    expect(e).to.be.instanceOf(BeancrawlError);
    expect((e as BeancrawlError).diagnostics.map((d) => d.code)).to.deep.equal(['BC_JOB_FOLDER_GONE', 'BC_STOP_FAILED']);
  });

  it('throws the work\'s error as it is when every cleanup went well, and refuses a cleanup added once run', async () => {
    const stack = new CleanupStack();
    const own = new Error('the crawl failed');
    expect(await rejection(stack.dispose({ error: own }))).to.equal(own);
    expect(() => stack.defer('late', () => undefined)).to.throw(/already run: cannot defer late/);
  });

  it('drops a cleanup whose thing was handed over', async () => {
    const ran: string[] = [];
    const stack = new CleanupStack();
    stack.defer('a', () => ran.push('a'));
    const handedOver = stack.defer('b', () => ran.push('b'));
    stack.defer('c', () => ran.push('c'));
    handedOver();
    handedOver();
    await stack.dispose();
    expect(ran).to.deep.equal(['c', 'a']);
  });

  it('joins one error as itself', () => {
    const one = new Error('one');
    expect(joinErrors([one])).to.equal(one);
  });
});
