import { expect } from 'chai';
import type { JobStatus } from '../../job/job-status.js';
import { describeStatus } from './control-command.js';

const job = { name: 'job', path: '/jobs/job', availableActions: [] };
const run = { run: 'runs/20260101000000000', startedAt: '2026-01-01T00:00:00.000Z' };

describe('describeStatus', () => {
  it('says, after terminate, the state the run ends in and what the next launch does', () => {
    const stopping: JobStatus = { ...job, running: true, state: 'STOPPING', runs: [run], lastRun: run };
    expect(describeStatus(stopping, 'terminate', 'ABORTED')).to.equal(
      'state: STOPPING (after terminate) (the run ends ABORTED, exit code 5, once the URIs in flight finish; the next launch starts a new run)');
    const endedRun = { ...run, endedAt: '2026-01-01T00:01:00.000Z', exitStatus: 'ABORTED', exitCode: 5 };
    const ended: JobStatus = { ...job, running: false, state: 'FINISHED', runs: [endedRun], lastRun: endedRun };
    expect(describeStatus(ended, 'terminate', 'ABORTED').split('\n')[0]).to.equal(
      'state: FINISHED (after terminate) (not running; last run runs/20260101000000000 ended 2026-01-01T00:01:00.000Z with ABORTED, exit code 5)');
  });
});
