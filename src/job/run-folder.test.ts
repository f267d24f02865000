import { expect } from 'chai';
import { mkdir, readdir, readlink, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { createRunFolder } from './run-folder.js';

describe(createRunFolder.name, () => {
  it('makes runs/<id>, points latest at it, and takes -2 when the id is taken', async () => {
    const work = await tempDir();
    try {
      expect(await createRunFolder(work.dir, '20240102030405000')).to.equal(join('runs', '20240102030405000'));
      expect(await readlink(join(work.dir, 'latest'))).to.equal(join('runs', '20240102030405000'));
      expect(await createRunFolder(work.dir, '20240102030405000')).to.equal(join('runs', '20240102030405000-2'));
      expect(await readlink(join(work.dir, 'latest'))).to.equal(join('runs', '20240102030405000-2'));
    } finally {
      await work.cleanup();
    }
  });

  it('puts right what a launch killed half-way left: a stray .latest link, a run folder latest never pointed at', async () => {
    const work = await tempDir();
    try {
      // Killed after making its run folder and temporary link, before the rename.
      await mkdir(join(work.dir, 'runs', '20240102030405000'), { recursive: true });
      await symlink(join('runs', '20240102030405000'), join(work.dir, '.latest-4242'));
      const run = await createRunFolder(work.dir, '20240103030405000');
      expect(await readlink(join(work.dir, 'latest'))).to.equal(run);
      expect((await readdir(work.dir)).sort()).to.deep.equal(['latest', 'runs']);
    } finally {
      await work.cleanup();
    }
  });
});
