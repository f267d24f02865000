import { expect } from 'chai';
import { readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { writeFileWhole } from './write-file-whole.js';

describe(writeFileWhole.name, () => {
  it('follows no symbolic link planted where a temporary file of a predictable name would go, and leaves no temporary file', async () => {
    const job = await tempDir({ 'crawl.cxml': 'old' });
    const outside = await tempDir({ target: 'untouched' });
    try {
      // The names older writers used: NAME.<pid>.tmp and NAME.tmp, both planted as links out of the folder.
      await symlink(join(outside.dir, 'target'), join(job.dir, `crawl.cxml.${process.pid}.tmp`));
      await symlink(join(outside.dir, 'target'), join(job.dir, 'crawl.cxml.tmp'));
      await writeFileWhole(join(job.dir, 'crawl.cxml'), 'new');
      expect(await readFile(join(outside.dir, 'target'), 'utf8')).to.equal('untouched');
      expect(await readFile(join(job.dir, 'crawl.cxml'), 'utf8')).to.equal('new');
      expect((await readdir(job.dir)).sort()).to.deep.equal(['crawl.cxml', `crawl.cxml.${process.pid}.tmp`, 'crawl.cxml.tmp'].sort());
    } finally {
      await job.cleanup();
      await outside.cleanup();
    }
  });

  it('fails whole when the file cannot be replaced, removing its temporary file', async () => {
    const job = await tempDir();
    try {
      await writeFile(join(job.dir, 'a'), 'x');
      // A path through a file cannot be written: the open fails, and nothing is left.
      const failed = await writeFileWhole(join(job.dir, 'a', 'b'), 'y').then(() => undefined, (e: NodeJS.ErrnoException) => e);
      expect(failed?.code).to.equal('ENOTDIR');
      expect(await readdir(job.dir)).to.deep.equal(['a']);
    } finally {
      await job.cleanup();
    }
  });
});
