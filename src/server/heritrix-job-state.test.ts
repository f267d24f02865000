import { expect } from 'chai';
import type { JobStatus } from '../job/job-status.js';
import { heritrixJobState } from './heritrix-job-state.js';
import { HeritrixMarks } from './heritrix-marks.js';

const RUN = { run: 'runs/20260101000000000', startedAt: '2026-01-01T00:00:00.000Z' };

function status(over: Partial<JobStatus>): JobStatus {
  return { name: 'j', path: '/jobs/j', running: false, state: 'NEW', availableActions: ['launch'], runs: [], ...over };
}

describe(heritrixJobState.name, () => {
  it('reads a new job as Unbuilt, and Ready after a build that passed', () => {
    const marks = new HeritrixMarks();
    expect(heritrixJobState(status({}), marks, false)).to.include({ statusDescription: 'Unbuilt', hasApplicationContext: false });
    expect(heritrixJobState(status({}), marks, false).availableActions).to.deep.equal(['build', 'launch']);
    marks.built('j', true);
    expect(heritrixJobState(status({}), marks, false)).to.include({ statusDescription: 'Ready', hasApplicationContext: true });
    marks.built('j', false);
    expect(heritrixJobState(status({}), marks, false).statusDescription).to.equal('Unbuilt');
  });

  it('reads a crawl as Active with its state, queued as NASCENT, launching as PREPARING, ending as STOPPING', () => {
    const marks = new HeritrixMarks();
    const paused = heritrixJobState(status({ running: true, state: 'PAUSED', availableActions: ['unpause', 'checkpoint', 'terminate'] }), marks, true);
    expect(paused).to.include({ statusDescription: 'Active: PAUSED', crawlControllerState: 'PAUSED' });
    expect(paused.availableActions).to.deep.equal(['unpause', 'checkpoint', 'terminate', 'teardown']);
    expect(heritrixJobState(status({ state: 'QUEUED', availableActions: ['terminate'] }), marks, true).statusDescription).to.equal('Active: NASCENT');
    expect(heritrixJobState(status({ state: 'LAUNCHING', availableActions: ['terminate'] }), marks, true).statusDescription).to.equal('Active: PREPARING');
    expect(heritrixJobState(status({ state: 'UNFINISHED', runs: [RUN], lastRun: RUN }), marks, true).statusDescription).to.equal('Active: STOPPING');
  });

  it('reads an ended run as Finished with its exit status, teardown its one action, until a teardown; a run stopped to be resumed is not finished', () => {
    const marks = new HeritrixMarks();
    const ended = { ...RUN, endedAt: '2026-01-01T00:01:00.000Z', exitStatus: 'ABORTED' };
    const finished = status({ state: 'FINISHED', runs: [ended], lastRun: ended });
    expect(heritrixJobState(finished, marks, false)).to.include({ statusDescription: 'Finished: ' +
      'ABORTED', crawlControllerState: 'FINISHED', crawlExitStatus: 'ABORTED', finished: true });
    // Heritrix's finished job: teardown only (its container is not launched again).
    expect(heritrixJobState(finished, marks, false).availableActions).to.deep.equal(['teardown']);
    marks.tearDown('j', ended.run);
    expect(heritrixJobState(finished, marks, false)).to.include({ statusDescription: 'Unbuilt', finished: false, hasApplicationContext: false });
    expect(heritrixJobState(status({ state: 'UNFINISHED', runs: [RUN], lastRun: RUN }), new HeritrixMarks(), false).statusDescription).to.equal('Unbuilt');
  });
});
