import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { createJob, profileNames } from './create-job.js';

describe('createJob: the bean file it writes from each profile', () => {
  it('has comments that read as written: none escapes a dash (-\\-), none holds two in a row, which XML forbids in a comment', async () => {
    const work = await tempDir();
    try {
      const names = await profileNames();
      expect(names).to.include.members(['default', 'site-mirror', 'broad']);
      for (const profile of names) {
        const file = await createJob(join(work.dir, profile), { profile, seeds: ['https://example.org/'], contact: 'https://example.org/contact' });
        if (!file.endsWith('.xml')) continue;
        const text = await readFile(file, 'utf8');
        for (const [, comment] of text.matchAll(/<!--([\s\S]*?)-->/g)) {
          expect(comment, `a comment of profile ${profile}`).to.not.contain('--');
          expect(comment, `a comment of profile ${profile}`).to.not.match(/\\-|&#45;/);
        }
        // Each says the create command of its own profile, if it says one.
        const create = /beancrawl create JOB; options profile (\S+),/.exec(text);
        if (create) expect(create[1], `profile ${profile}`).to.equal(profile);
      }
    } finally {
      await work.cleanup();
    }
  });
});
