import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../../test/support/temp-dir.js';
import { MirrorStaging } from './mirror-staging.js';

describe(MirrorStaging.name, () => {
  it('places files under their names, here at first and then on its thread, leaving nothing staged', async () => {
    const work = await tempDir();
    const staging = new MirrorStaging(join(work.dir, 'mirror'));
    try {
      await staging.ready();
      // One at a time, as a crawl's files come: the thread is begun after the first 32 and answers once it is up.
      const names: string[] = [];
      const place = (i: number) => staging.place(Buffer.from(`content ${i}`), join(work.dir, `file-${i}`)).then(() => names.push(join(work.dir, `file-${i}`)));
      while (staging.placedOnThread === 0) await place(names.length);
      for (let more = 0; more < 10; more++) await place(names.length);
      expect(names.length, 'files placed before the thread answered').to.be.greaterThan(32);
      for (const [i, name] of names.entries()) expect(await readFile(name, 'utf8'), name).to.equal(`content ${i}`);
      expect(staging.placedOnThread, 'files placed by the thread').to.be.at.least(11);
      expect(await readdir(staging.folder), 'left in the staging folder').to.deep.equal([]);
    } finally {
      await staging.close();
      await work.cleanup();
    }
  });

  it('throws the rename\'s error (its code kept) and removes the staged file, here and on its thread', async () => {
    const work = await tempDir();
    const staging = new MirrorStaging(join(work.dir, 'mirror'));
    try {
      await staging.ready();
      const failures: string[] = [];
      while (staging.placedOnThread < 3) {
        const file = join(work.dir, 'no-such-folder', `f${failures.length}`);
        const e = await staging.place(Buffer.from('x'), file).then(() => undefined, (error: unknown) => error);
        failures.push((e as NodeJS.ErrnoException | undefined)?.code ?? 'none');
      }
      expect(new Set(failures)).to.deep.equal(new Set(['ENOENT']));
      expect(staging.placedOnThread, 'failures answered by the thread').to.be.greaterThan(0);
      expect(await readdir(staging.folder), 'left in the staging folder').to.deep.equal([]);
    } finally {
      await staging.close();
      await work.cleanup();
    }
  });
});
