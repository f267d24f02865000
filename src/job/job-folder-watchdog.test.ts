import { expect } from 'chai';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { JobFolderWatchdog, type WatchedFolder } from './job-folder-watchdog.js';

describe(JobFolderWatchdog.name, () => {
  /** A watchdog whose timer never fires within the test (the test calls check itself). */
  async function watching(job: string, state: string) {
    const losses: Array<[WatchedFolder, string]> = [];
    const watchdog = await JobFolderWatchdog.start([{ what: 'job folder', path: job }, { what: 'state ' +
      'folder', path: state }], (folder, why) => losses.push([folder, why]), 3_600_000);
    return { watchdog, losses };
  }

  it('finds nothing while the folders stand, then the first one deleted, told once', async () => {
    const work = await tempDir();
    const { watchdog, losses } = await watching(work.dir, join(work.dir, '.'));
    try {
      expect(await watchdog.check()).to.equal(undefined);
      await rm(work.dir, { recursive: true });
      expect((await watchdog.check())?.what).to.equal('job folder');
      await watchdog.check();
      expect(losses.map(([f, why]) => [f.what, why])).to.deep.equal([['job folder', 'deleted']]);
      expect(watchdog.lost?.path).to.equal(work.dir);
    } finally {
      watchdog.release();
      await work.cleanup();
    }
  });

  it('counts a folder deleted and made again as gone (another inode)', async () => {
    const work = await tempDir();
    const state = join(work.dir, 'state');
    await mkdir(state);
    const { watchdog, losses } = await watching(work.dir, state);
    try {
      await rm(state, { recursive: true });
      await mkdir(state);
      await watchdog.check();
      expect(losses.map(([f, why]) => [f.what, why])).to.deep.equal([['state folder', 'deleted and made again']]);
    } finally {
      watchdog.release();
      await work.cleanup();
    }
  });
});
