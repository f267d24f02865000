import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { holdFolder, makeFolders } from './make-folders.js';

describe(makeFolders.name, () => {
  it('makes a folder and those missing above it, and takes one that stands', async () => {
    const work = await tempDir();
    try {
      await makeFolders(join(work.dir, 'a', 'b', 'c'));
      expect((await stat(join(work.dir, 'a', 'b', 'c'))).isDirectory()).to.equal(true);
      await makeFolders(join(work.dir, 'a', 'b', 'c'));
      await writeFile(join(work.dir, 'file'), '');
      const error = await makeFolders(join(work.dir, 'file')).then(() => undefined, (e: NodeJS.ErrnoException) => e);
      expect(error?.code).to.equal('EEXIST');
    } finally {
      await work.cleanup();
    }
  });

  it('never makes a held folder again: a write below it fails with ENOENT naming it', async () => {
    const work = await tempDir();
    const job = join(work.dir, 'job');
    await mkdir(job);
    const release = holdFolder(job);
    try {
      await makeFolders(join(job, 'mirror', 'host'));
      await makeFolders(job);
      await rm(job, { recursive: true });
      const error = await makeFolders(join(job, 'mirror', 'host')).then(() => undefined, (e: NodeJS.ErrnoException) => e);
      expect(error?.code).to.equal('ENOENT');
      expect(error?.message).to.contain(`${job} is gone`);
      expect(existsSync(job)).to.equal(false);
      // Released, it is a folder like any other.
      release();
      await makeFolders(join(job, 'mirror'));
      expect(existsSync(join(job, 'mirror'))).to.equal(true);
    } finally {
      release();
      await work.cleanup();
    }
  });
});
