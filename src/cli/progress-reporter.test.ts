import { expect } from 'chai';
import type { CrawlProgress } from '../model/crawl-control.js';
import { fitted, progressHints, progressLine, summaryLines } from './progress-reporter.js';

function progress(frontier: Partial<CrawlProgress['frontier']>, queues: Partial<CrawlProgress['frontier']['queues']> = {}): CrawlProgress {
  return {
    state: 'RUNNING', busyWorkers: 0, bytes: 0, documents: 0, seedsCrawled: 1, elapsedMs: 60_000,
    frontier: {
      discovered: 0, queued: 0, inProcess: 0, succeeded: 0, failed: 0, disregarded: 0,
      ...frontier, queues: { total: 1, ready: 0, snoozed: 0, retired: 0, ...queues },
    },
  };
}

describe('the live progress line', () => {
  it('estimates the time for the URIs queued at the last minute\'s rate, and nothing without a rate', () => {
    expect(progressHints(progress({ queued: 1200, inProcess: 1 }, { ready: 1 }), 10)).to.equal('about 2 min for the URIs queued, at the last minute\'s rate');
    expect(progressHints(progress({ queued: 36_000, inProcess: 1 }, { ready: 1 }), 4)).to.equal('about 2 h 30 min for the URIs queued, at the last ' +
      'minute\'s rate');
    expect(progressHints(progress({ queued: 600, inProcess: 1 }, { ready: 1 }), undefined)).to.equal('');
    expect(progressHints(progress({ queued: 600, inProcess: 1 }, { ready: 1 }), 0)).to.equal('');
  });

  it('says when every queue rests and no worker has a URI: politeness or a retry holds the crawl back', () => {
    expect(progressHints(progress({ queued: 2 }, { snoozed: 1 }), 0)).to.equal('waiting: the one queue rests (politeness delay)');
    expect(progressHints(progress({ queued: 9 }, { total: 3, snoozed: 3 }), 0)).to.equal('waiting: all 3 queues rest (politeness delay)');
    expect(progressHints(progress({ queued: 9, inProcess: 1 }, { total: 3, snoozed: 2 }), undefined)).to.equal('');
  });

  it('says when queues wait to retry a failed fetch, and when the next one retries', () => {
    const at = new Date(2026, 10, 25, 21, 45, 3).getTime();
    expect(progressHints(progress({ queued: 2 }, { snoozed: 1, retrying: 1, nextRetryAt: at }), 0)).to.equal('waiting: the one queue waits to ' +
      'retry a failed fetch, the next at 21:45:03');
    expect(progressHints(progress({ queued: 9 }, { total: 3, snoozed: 3, retrying: 1, nextRetryAt: at }), 0)).to.equal('waiting: all 3 queues rest ' +
      '(politeness delay; 1 to retry a failed fetch, the next at 21:45:03)');
    expect(progressHints(progress({ queued: 9, inProcess: 1 }, { total: 3, ready: 1, snoozed: 2, retrying: 2, nextRetryAt: at }), undefined)).to.equal('2 queues wait to retry a failed fetch, the next at 21:45:03');
  });

  it('names the URI that waits, why its last try failed and which try comes when; no estimate while only retries are awaited', () => {
    const at = new Date(2026, 10, 25, 21, 45, 3);
    const retryWaits = [{
      queue: 'down.example', uri: 'http://down.example/robots.txt', error: 'no connection could be made: connection refused (ECONNREFUSED)',
      status: -2, nextTry: 2, maxTries: 31, at: at.toISOString(),
    }];
    expect(progressHints(progress({ queued: 2 }, { snoozed: 1, retrying: 1, nextRetryAt: at.getTime(), retryWaits }), 0.01)).to.equal(
      'waiting: the one queue waits to retry a failed fetch; next: http://down.example/robots.txt ' +
      '(no connection could be made: connection refused (ECONNREFUSED)), try 2 of 31 at 21:45:03');
  });

  it('fits the terminal\'s width, so that rewriting it leaves no stale lines', () => {
    expect(fitted('a'.repeat(100), 40)).to.have.length(39);
    expect(fitted('short', 40)).to.equal('short');
    expect(fitted('no width known', undefined)).to.equal('no width known');
  });
});

describe('the summary a launch ends with', () => {
  const ended: CrawlProgress = { ...progress({ succeeded: 5, failed: 1, queued: 3 }), state: 'FINISHED', elapsedMs: 594_900 };

  it('says finished only of a run that finished, and what the next launch does of one that did not', () => {
    expect(summaryLines('FINISHED', ended)).to.deep.equal(['FINISHED: 0.0 URIs/s, 3 queued, 5 downloaded, 1 failed, 0 disregarded, 0.0 MiB, 9 min 55 s']);
    expect(summaryLines('INTERRUPTED', ended)).to.deep.equal([
      'INTERRUPTED: 0.0 URIs/s, 3 queued, 5 downloaded, 1 failed, 0 disregarded, 0.0 MiB, 9 min 55 s',
      'not finished: interrupted (Ctrl-C or SIGTERM); the next launch resumes it',
    ]);
    expect(summaryLines('ABORTED', ended)[1]).to.equal('not finished: ended by the operator (terminate); the next launch starts a new run');
    expect(summaryLines('FINISHED_DOCUMENT_LIMIT', ended)[1]).to.equal('finished: its document limit was reached');
    for (const status of ['INTERRUPTED', 'ABORTED', 'FINISHED_ABNORMAL']) expect(summaryLines(status, ended).join('\n')).to.not.match(/: finished|^finished/m);
  });

  it('writes the time taken as the rest of beancrawl does', () => {
    expect(progressLine({ ...ended, state: 'RUNNING', elapsedMs: 41_968 })).to.match(/, 42 s$/);
  });
});
