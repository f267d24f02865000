import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { verifyJob } from '../../src/job/verify-job.js';
import { formatDiagnostic } from '../../src/util/diagnostic.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('verify over unsaved texts (what an editor holds, read from memory instead of the disk)', () => {
  it('reads a job\'s bean file, an imported file and a sheet not yet saved from the map, every other file from disk', async () => {
    const job = await tempDir({
      'crawler-beans.xml': '<beans><bean id="a" class="AcceptDecideRule"/></beans>',
      'sheets/keep.xml': '<beans><bean id="keep" class="Sheet"><property name="map"><map/></property></bean></beans>',
    });
    try {
      const file = join(job.dir, 'crawler-beans.xml');
      const unsaved = new Map([
        [file, '<beans><import resource="more.xml"/><bean id="a" class="AcceptDecideRul"/></beans>'],
        [join(job.dir, 'more.xml'), '<beans><bean id="b" class="RejectDecideRule"><property name="enabld" value="true"/></bean></beans>'],
        [join(job.dir, 'sheets', 'new.xml'), '<beans><bean id="fresh" class="Sheet"><property name="map"><map><entry key="a.nothing" ' +
          'value="1"/></map></property></bean></beans>'],
      ]);
      const result = await verifyJob(job.dir, { unsaved });
      expect(result.graph.files.map((f) => f.slice(f.lastIndexOf('/') + 1))).to.deep.equal(['crawler-beans.xml', 'more.xml', 'keep.xml', 'new.xml']);
      const found = result.diagnostics.map(formatDiagnostic).join('\n');
      expect(found).to.contain('unknown class "AcceptDecideRul"');
      expect(result.graph.beans.map((b) => b.id)).to.include.members(['a', 'b', 'keep', 'fresh']);
      expect(await readFile(file, 'utf8'), 'nothing is written').to.contain('class="AcceptDecideRule"');
    } finally {
      await job.cleanup();
    }
  });

  it('verifies a bean file that is not on disk at all from its text', async () => {
    const file = join(REPO_ROOT, 'profiles', 'not-saved-yet.xml');
    const text = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8')).replace('name="jobName"', 'name="jobNam"');
    const result = await verifyJob(file, { unsaved: new Map([[file, text]]) });
    expect(result.diagnostics.map((d) => d.code)).to.include('BC_PROP_UNKNOWN');
  });

  it('checks an unsaved text against the same size limit as a file', async () => {
    const file = join(REPO_ROOT, 'profiles', 'too-big.xml');
    const result = await verifyJob(file, { unsaved: new Map([[file, `<beans>${' '.repeat(64 * 1024 * 1024)}</beans>`]]) });
    expect(result.diagnostics.map((d) => d.code)).to.deep.equal(['BC_FILE_TOO_LARGE']);
  });
});
