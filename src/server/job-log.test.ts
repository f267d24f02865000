import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { appendJobLog, heritrixLogLine, stateMessage } from './job-log.js';

describe('job.log in Heritrix\'s form', () => {
  it('writes one `TIME LEVEL message` line an entry, whatever the message holds', async () => {
    const work = await tempDir();
    try {
      await appendJobLog(work.dir, [['INFO', stateMessage('FINISHED', 'runs/20260401020744123')], ['SEVERE', 'two\nlines']]);
      const lines = (await readFile(join(work.dir, 'job.log'), 'utf8')).trimEnd().split('\n');
      expect(lines).to.have.length(2);
      expect(lines[0]).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO FINISHED 20260401020744123$/);
      expect(lines[1]).to.match(/Z SEVERE two lines$/);
      expect(lines.map(heritrixLogLine)).to.deep.equal(lines);
    } finally {
      await work.cleanup();
    }
  });

  it('reads the service\'s older lines as INFO, and leaves out what is no log entry (the crawl\'s progress output)', () => {
    expect(heritrixLogLine('2026-01-01T00:00:00.000Z service: launching (asked for)')).to.equal('2026-01-01T00:00:00.000Z INFO launching (asked for)');
    expect(heritrixLogLine('running: 3.0 URIs/s, 10 queued, 4 downloaded')).to.equal(undefined);
    expect(heritrixLogLine('launched jobs/x: run folder jobs/x/runs/1')).to.equal(undefined);
  });
});
