import { expect } from 'chai';
import { tempDir } from '../../test/support/temp-dir.js';
import { readRunRecords } from './run-record.js';

const record = (run: string, more: Record<string, unknown>): string => JSON.stringify({ run, ...more });

describe('readRunRecords', () => {
  it('reads a shared crawl\'s run from its workers\' records: begun with the first, ended as the last to end says', async () => {
    const job = await tempDir({
      'runs/20260101000000000/run.json': record('runs/20260101000000000', { startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:01:00.000Z', exitStatus: 'FINISHED', exitCode: 0 }),
      'runs/20260102000000000/workers/a/run.json': record('runs/20260102000000000/workers/a', {
        startedAt: '2026-01-02T00:00:05.000Z', endedAt: '2026-01-02T00:09:00.000Z', exitStatus: 'ABORTED', exitCode: 5, counts: { documents: 1 },
      }),
      'runs/20260102000000000/workers/b/run.json': record('runs/20260102000000000/workers/b', {
        startedAt: '2026-01-02T00:00:01.000Z', endedAt: '2026-01-02T00:10:00.000Z', exitStatus: 'FINISHED', exitCode: 0, counts: { documents: 9 },
      }),
      'runs/20260103000000000/workers/a/run.json': record('runs/20260103000000000/workers/a', { startedAt: '2026-01-03T00:00:00.000Z', endedAt: '2026-01-03T00:01:00.000Z', exitStatus: 'FINISHED' }),
      'runs/20260103000000000/workers/b/run.json': record('runs/20260103000000000/workers/b', { startedAt: '2026-01-03T00:00:02.000Z' }),
      'runs/20260104000000000/workers/a/run.json': '{"run": "cut by a cra',
    });
    try {
      const records = await readRunRecords(job.dir);
      expect(records).to.deep.equal([
        { run: 'runs/20260101000000000', startedAt: '2026-01-01T00:00:00.000Z', endedAt: '2026-01-01T00:01:00.000Z', exitStatus: 'FINISHED', exitCode: 0 },
        { run: 'runs/20260102000000000', startedAt: '2026-01-02T00:00:01.000Z', endedAt: '2026-01-02T00:10:00.000Z', exitStatus: 'FINISHED', exitCode: 0, counts: { documents: 9 } },
        // A worker still running (or killed): the run is not over.
        { run: 'runs/20260103000000000', startedAt: '2026-01-03T00:00:00.000Z', counts: undefined },
      ]);
    } finally {
      await job.cleanup();
    }
  });
});
