import { expect } from 'chai';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { CleanupFailed } from '../util/cleanup-stack.js';
import { errorLines } from './error-lines.js';

describe('errorLines', () => {
  const located = new BeancrawlError([{ code: 'BC_STOP_FAILED', bean: 'warcWriter', location: { file: '/job/crawler-beans.xml' }, message: 'stop() ' +
    'failed: EIO' }]);
  const record = new CleanupFailed('the run record /job/runs/x/run.json', new Error('EISDIR: illegal operation on a directory'));

  it('prints diagnostics located, a failed cleanup as what it undid and why, and each of several errors so', () => {
    expect(errorLines(located, false)).to.have.length(1).and.to.match(/BC_STOP_FAILED/);
    expect(errorLines(record, false)).to.deep.equal(['beancrawl: the run record /job/runs/x/run.json: EISDIR: illegal operation on a directory']);
    const lines = errorLines(new AggregateError([located, record]), false);
    expect(lines).to.have.length(2);
    expect(lines[0]).to.match(/BC_STOP_FAILED/);
    expect(lines[1]).to.match(/^beancrawl: the run record/);
  });

  it('calls anything else an internal error, its stack shown with --debug', () => {
    expect(errorLines(new TypeError('x is undefined'), false)).to.deep.equal(['beancrawl: internal error: x is undefined\n(run with --debug for ' +
      'the stack trace)']);
    expect(errorLines(new TypeError('x is undefined'), true)[0]).to.match(/^beancrawl: internal error: x is undefined\nTypeError: x is undefined\n\s+at /);
  });
});
