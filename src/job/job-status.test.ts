import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { tempDir } from '../../test/support/temp-dir.js';
import { jobStatus } from './job-status.js';

const RUN = 'runs/20260101000000000';
const unended = (pid: number) => JSON.stringify({ run: RUN, startedAt: '2026-01-01T00:00:00.000Z', pid });

describe('jobStatus of a job whose run has not written its end', () => {
  it('is STOPPING while the process that runs it is still there (its socket closed, its beans stopping), UNFINISHED once it has gone', async () => {
    // A process standing in for a crawl that closed its socket and is stopping its beans.
    const stopping = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const job = await tempDir({ [`${RUN}/run.json`]: unended(stopping.pid!) });
    try {
      const status = await jobStatus(job.dir);
      expect(status).to.include({ running: true, state: 'STOPPING' });
      expect(status.availableActions).to.deep.equal([]);

      stopping.kill('SIGKILL');
      await once(stopping, 'exit');
      const killed = await jobStatus(job.dir);
      expect(killed).to.include({ running: false, state: 'UNFINISHED' });
    } finally {
      if (stopping.exitCode === null && stopping.signalCode === null) stopping.kill('SIGKILL');
      await job.cleanup();
    }
  });
});
