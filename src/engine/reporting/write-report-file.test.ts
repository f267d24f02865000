import { expect } from 'chai';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReportFile } from './write-report-file.js';

describe('writeReportFile', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-report-file-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes no lines as an empty file, a few in one write, and a long report chunk by chunk, each line ended by a newline', async () => {
    await writeReportFile(join(dir, 'empty.txt'), []);
    expect(await readFile(join(dir, 'empty.txt'), 'utf8')).to.equal('');
    await writeReportFile(join(dir, 'short.txt'), ['a', 'b c']);
    expect(await readFile(join(dir, 'short.txt'), 'utf8')).to.equal('a\nb c\n');
    // 100,000 lines of 12 bytes: some twenty chunks of 64 KB, produced as the stream takes them.
    const lines = function* () {
      for (let i = 0; i < 100_000; i++) yield `line ${String(i).padStart(6, '0')}`;
    };
    await writeReportFile(join(dir, 'long.txt'), lines());
    const text = await readFile(join(dir, 'long.txt'), 'utf8');
    expect(text.length).to.equal(100_000 * 12);
    expect(text.split('\n').slice(0, -1)).to.deep.equal([...lines()]);
  });

  it('replaces a file whole, and rejects (never hangs) when the file cannot be written or the lines fail', async () => {
    await writeReportFile(join(dir, 'r.txt'), ['a much longer first version']);
    await writeReportFile(join(dir, 'r.txt'), ['short']);
    expect(await readFile(join(dir, 'r.txt'), 'utf8')).to.equal('short\n');
    const missing = await writeReportFile(join(dir, 'no', 'such', 'folder.txt'), ['x']).then(() => undefined, (e: NodeJS.ErrnoException) => e);
    expect(missing?.code).to.equal('ENOENT');
    const failing = function* () {
      for (let i = 0; i < 20_000; i++) yield `line ${i} of a report that fails`;
      throw new Error('the report could not be made');
    };
    const failed = await writeReportFile(join(dir, 'failing.txt'), failing()).then(() => undefined, (e: Error) => e);
    expect(failed?.message).to.equal('the report could not be made');
  });
});
