import { expect } from 'chai';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { JobStatusCache } from './job-status-cache.js';

const RUN = 'runs/20261201T000000Z';

describe('JobStatusCache: the status of a job not running, kept while its folder is unchanged', () => {
  it('keeps a status until an entry at the top of the job folder comes or goes, never one of a folder with a control socket', async () => {
    const work = await tempDir({ 'job/crawler-beans.xml': '<beans/>', 'plain/notes.txt': 'not a job' });
    try {
      const cache = new JobStatusCache();
      const job = join(work.dir, 'job');
      // Changed a minute ago: settled (a folder changed just now is read each time, its time could be shared by its next change).
      const settle = () => utimes(job, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
      expect(await cache.get(job)).not.to.equal(await cache.get(job));
      await settle();
      const first = await cache.get(job);
      expect(first?.state).to.equal('NEW');
      expect(await cache.get(job), 'the folder unchanged: the same status, not read again').to.equal(first);
      expect(await cache.get(join(work.dir, 'plain')), 'no bean file: not a job').to.equal(undefined);
      expect(await cache.get(join(work.dir, 'none')), 'no folder').to.equal(undefined);

      // A run recorded: its runs folder is a new entry at the top, so the status is read again.
      await mkdir(join(job, RUN), { recursive: true });
      await writeFile(join(job, RUN, 'run.json'), JSON.stringify({ run: RUN, startedAt: '2026-12-01T00:00:00.000Z', endedAt: '2026-12-01T00:00:05.000Z',
        exitStatus: 'FINISHED', exitCode: 0 }));
      const second = await cache.get(job);
      expect(second?.state).to.equal('FINISHED');
      await settle();

      // A socket there that answers nothing (a crawl starting, or one that died): read each time, never kept.
      await writeFile(join(job, '.beancrawl.sock'), '');
      const third = await cache.get(job);
      expect(third?.state).to.equal('FINISHED');
      expect(await cache.get(job)).not.to.equal(third);
      await rm(join(job, '.beancrawl.sock'));
      await settle();
      const fourth = await cache.get(job);
      expect(await cache.get(job)).to.equal(fourth);
      cache.forget(job);
      expect(await cache.get(job)).not.to.equal(fourth);
    } finally {
      await work.cleanup();
    }
  });
});
