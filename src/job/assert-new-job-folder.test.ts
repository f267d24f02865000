import { expect } from 'chai';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { assertNewJobFolder } from './assert-new-job-folder.js';

async function refusal(p: Promise<unknown>): Promise<BeancrawlError> {
  return p.then(() => expect.fail('expected BC_JOB_EXISTS'), (e: unknown) => e as BeancrawlError);
}

describe('assertNewJobFolder', () => {
  it('takes a folder not there yet, or an empty one; refuses one with files, or a file in its place, located', async () => {
    const work = await tempDir({ 'full/crawler-beans.xml': '<beans/>', 'a-file': 'x' });
    try {
      await assertNewJobFolder(join(work.dir, 'new'), 'choose another');
      const full = await refusal(assertNewJobFolder(join(work.dir, 'full'), 'choose another'));
      expect(full.diagnostics[0]).to.include({ code: 'BC_JOB_EXISTS', message: 'the folder exists and is not empty; choose another' });
      const file = await refusal(assertNewJobFolder(join(work.dir, 'a-file'), 'choose another'));
      expect(file.diagnostics[0]).to.include({ code: 'BC_JOB_EXISTS', message: 'is a file, not a folder; choose another' });
      expect(file.diagnostics[0].location).to.deep.equal({ file: join(work.dir, 'a-file') });
    } finally {
      await work.cleanup();
    }
  });
});
