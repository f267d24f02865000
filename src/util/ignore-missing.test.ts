import { expect } from 'chai';
import { mkdir, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { ignoreMissing } from './ignore-missing.js';

describe(ignoreMissing.name, () => {
  it('swallows only a path that is not there: a real failure goes on to the caller', async () => {
    const work = await tempDir();
    try {
      expect(await unlink(join(work.dir, 'gone')).catch(ignoreMissing)).to.equal(undefined);
      await writeFile(join(work.dir, 'file'), '');
      // A path through a file is not there either (ENOTDIR).
      expect(await stat(join(work.dir, 'file', 'below')).catch(ignoreMissing)).to.equal(undefined);
      await mkdir(join(work.dir, 'full'));
      await writeFile(join(work.dir, 'full', 'kept'), '');
      const failed = await rmdir(join(work.dir, 'full')).catch(ignoreMissing).then(() => undefined, (e: NodeJS.ErrnoException) => e);
      expect(failed?.code).to.equal('ENOTEMPTY');
      const asFile = await unlink(join(work.dir, 'full')).catch(ignoreMissing).then(() => undefined, (e: NodeJS.ErrnoException) => e);
      expect(asFile?.code).to.be.oneOf(['EISDIR', 'EPERM']);
    } finally {
      await work.cleanup();
    }
  });
});
