import { expect } from 'chai';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { confinedEnvironment, inheritedConfinement, liesWithin } from './confinement.js';

describe('confinement', () => {
  it('liesWithin: a path in a root as written and once links are followed, though it does not exist yet', async () => {
    const work = await tempDir({ 'job/crawler-beans.xml': '', 'outside/secret': '' });
    const job = join(work.dir, 'job');
    try {
      await mkdir(join(job, 'runs'));
      await symlink(join(work.dir, 'outside'), join(job, 'out'));
      expect(await liesWithin(join(job, 'runs', 'not-yet', 'documents.jsonl'), [job])).to.equal(true);
      expect(await liesWithin(job, [job])).to.equal(true);
      expect(await liesWithin(join(job, '..', 'outside', 'secret'), [job])).to.equal(false);
      expect(await liesWithin('/etc/shadow', [job])).to.equal(false);
      expect(await liesWithin(`${job}-sibling/x`, [job]), 'a sibling whose name begins like the root').to.equal(false);
      // A link inside the job that leads out, to a file there or one to be made below it.
      expect(await liesWithin(join(job, 'out', 'secret'), [job])).to.equal(false);
      expect(await liesWithin(join(job, 'out', 'new', 'file'), [job])).to.equal(false);
      expect(await liesWithin(join(job, 'out', 'secret'), [job, join(work.dir, 'outside')]), 'a second root').to.equal(true);
    } finally {
      await work.cleanup();
    }
  });

  it('is handed to a launched crawl through its environment, and lets placeholders read only the variables it names', () => {
    expect(inheritedConfinement({})).to.equal(undefined);
    const c = inheritedConfinement({ BEANCRAWL_CONFINEMENT: JSON.stringify({ dataRoots: ['/d'], fileRoots: [], importRoots: ['/p'], env: ['A'] }) });
    expect(c).to.deep.equal({ dataRoots: ['/d'], fileRoots: [], importRoots: ['/p'], env: ['A'] });
    expect(confinedEnvironment(c!, { A: '1', PGPASSWORD: 'secret' })).to.deep.equal({ A: '1' });
  });
});
