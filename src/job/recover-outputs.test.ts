import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recoverOutputs } from './recover-outputs.js';

describe('recoverOutputs', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'recover-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const journal = (open: Array<{ path: string; length: number }>) => new Map([['warc warcWriter x', JSON.stringify({ dirs: [dir], prefix: 'WEB', open })]]);

  it('cuts an open WARC file back to its committed length and closes it', async () => {
    await writeFile(join(dir, 'WEB-1.warc.gz.open'), 'committed|later');
    const notes = await recoverOutputs(journal([{ path: join(dir, 'WEB-1.warc.gz.open'), length: 9 }]));
    expect(await readFile(join(dir, 'WEB-1.warc.gz'), 'utf8')).to.equal('committed');
    expect(notes).to.have.length(2);
  });

  it('cuts back a WARC file that was closed after the commit that counted it open', async () => {
    // The writer filled the file, closed and renamed it, and was killed before its next commit:
    // the records past the committed length belong to URIs that are done again.
    await writeFile(join(dir, 'WEB-2.warc.gz'), 'committed|written after the commit');
    const notes = await recoverOutputs(journal([{ path: join(dir, 'WEB-2.warc.gz.open'), length: 9 }]));
    expect(await readFile(join(dir, 'WEB-2.warc.gz'), 'utf8')).to.equal('committed');
    expect(await readdir(dir)).to.deep.equal(['WEB-2.warc.gz']);
    expect(notes.join('\n')).to.match(/WEB-2\.warc\.gz: cut back from 34 to 9 bytes/);
  });

  it('sets aside an open file begun after the last commit', async () => {
    await writeFile(join(dir, 'WEB-3.warc.gz.open'), 'uncommitted');
    await recoverOutputs(journal([]));
    expect(await readdir(dir)).to.deep.equal(['WEB-3.warc.gz.invalid']);
  });
});
