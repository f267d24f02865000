import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fastSets } from '../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../test/support/run-cli.js';
import { page, SiteServer } from '../../test/support/site-server.js';
import { tempDir } from '../../test/support/temp-dir.js';
import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import { Registry } from '../beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../catalog/catalog.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { controlSocketPath } from './control-socket.js';
import { launchJob, type LaunchOptions, type LaunchResult } from './launch-job.js';
import { RUN_RECORD_FILE, type RunRecord } from './run-record.js';

/** What the test bean was told, across launches. */
const told = { started: 0, stopped: 0 };

/** A bean that fails where its properties say: at start, or at stop (after it has been asked to, as every bean is). */
class TroubleBean {
  constructor(readonly config: { failStart: boolean; failStop: boolean }) {}

  start(): void {
    if (this.config.failStart) throw new Error('cannot start (as the test asks)');
    told.started++;
  }

  stop(): void {
    told.stopped++;
    if (this.config.failStop) throw new Error('cannot stop (as the test asks)');
  }
}

const troubleComponent = defineComponent({
  name: 'TroubleBean',
  description: 'A test bean whose start or stop fails when asked.',
  kinds: [],
  props: {
    failStart: { type: 'boolean', default: false, description: 'start() throws.' },
    failStop: { type: 'boolean', default: false, description: 'stop() throws.' },
  },
  load: async (): Promise<ComponentClass> => TroubleBean as unknown as ComponentClass,
});

const registry = new Registry([...BUILT_IN_COMPONENTS, troubleComponent]);

async function rejection(p: Promise<unknown>): Promise<Error> {
  return p.then(() => expect.fail('the launch was expected to fail'), (e: unknown) => e as Error);
}

/** The run record of the job's one run. */
async function onlyRunRecord(jobDir: string): Promise<RunRecord> {
  const runs = await readdir(join(jobDir, 'runs'));
  expect(runs).to.have.length(1);
  return JSON.parse(await readFile(join(jobDir, 'runs', runs[0], RUN_RECORD_FILE), 'utf8')) as RunRecord;
}

describe('launchJob: each stage\'s failure reported, every cleanup run (integration)', function () {
  this.timeout(60_000);
  let site: SiteServer;
  let job: { dir: string; cleanup(): Promise<void> };

  beforeEach(async () => {
    told.started = told.stopped = 0;
    site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home', ['/a']) }, '/a': { body: page('a') } });
  });
  afterEach(async () => {
    await site.close();
    await job?.cleanup();
  });

  /** A job of the default profile, with a TroubleBean configured by `trouble` (property → value). */
  async function troubleJob(trouble: Record<string, boolean> = {}): Promise<void> {
    const props = Object.entries(trouble).map(([k, v]) => `<property name="${k}" value="${v}"/>`).join('');
    const beans = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'))
      .replace('</beans>', ` <bean id="trouble" class="TroubleBean">${props}</bean>\n</beans>`);
    job = await tempDir({ 'crawler-beans.xml': beans });
  }

  function launch(options: LaunchOptions = {}): Promise<LaunchResult> {
    return launchJob(job.dir, { registry, sets: fastSets([`${site.origin}/`]).map((s) => s.replace(/\\n/g, '\n')), ...options });
  }

  it('a crawl that goes well: its run record ends FINISHED, the control socket is gone, every bean stopped', async () => {
    await troubleJob();
    let socketWhileRunning = false;
    const result = await launch({ onRunning: () => (socketWhileRunning = existsSync(controlSocketPath(job.dir))) });
    expect(result.exitStatus).to.equal('FINISHED');
    expect(result.exitCode).to.equal(0);
    expect(socketWhileRunning, 'the control socket while the crawl ran').to.equal(true);
    expect(existsSync(controlSocketPath(job.dir)), 'the control socket after').to.equal(false);
    expect(told).to.deep.equal({ started: 1, stopped: 1 });
    const record = await onlyRunRecord(job.dir);
    expect(record.exitStatus).to.equal('FINISHED');
    expect(record.endedAt).to.be.a('string');
  });

  it('a run record that cannot be written at the end is reported, not swallowed', async () => {
    await troubleJob();
    // The record is written whole, a temporary file renamed over it: a folder in its place makes that write fail (EISDIR), as a full disk would.
    const record = (runDir: string) => join(job.dir, runDir, RUN_RECORD_FILE);
    const error = await rejection(launch({ onRunning: (_c, runDir) => void rm(record(runDir)).then(() => mkdir(record(runDir))) }));
    expect(error.message).to.match(/run record .*run\.json.*EISDIR|run record .*run\.json.*directory/i);
    expect(existsSync(controlSocketPath(job.dir)), 'the control socket after').to.equal(false);
    expect(told.stopped, 'every bean stopped').to.equal(1);
  });

  it('a bean whose stop fails: the others still stop, the run record still says how the crawl ended, and the failure is reported', async () => {
    await troubleJob({ failStop: true });
    const error = await rejection(launch());
    expect(error).to.be.instanceOf(BeancrawlError);
    const diagnostics = (error as BeancrawlError).diagnostics;
    expect(diagnostics.map((d) => [d.code, d.bean])).to.deep.include(['BC_STOP_FAILED', 'trouble']);
    expect(existsSync(controlSocketPath(job.dir)), 'the control socket after').to.equal(false);
    const record = await onlyRunRecord(job.dir);
    expect(record.exitStatus, 'the run record').to.equal('FINISHED');
    // The others stopped: the state store closed its database, so the next launch opens it (a new run, as this one finished).
    await writeFile(join(job.dir, 'crawler-beans.xml'), (await readFile(join(job.dir, 'crawler-beans.xml'), 'utf8')).replace('<property ' +
      'name="failStop" value="true"/>', ''));
    const again = await launch();
    expect(again.exitStatus).to.equal('FINISHED');
  });

  it('a bean whose start fails: the crawl never runs, its record ends FINISHED_ABNORMAL, the state is closed for the next launch', async () => {
    await troubleJob({ failStart: true });
    let ran = false;
    const error = await rejection(launch({ onRunning: () => (ran = true) }));
    expect(ran).to.equal(false);
    expect(error).to.be.instanceOf(BeancrawlError);
    expect((error as BeancrawlError).diagnostics.map((d) => [d.code, d.bean])).to.deep.include(['BC_START_FAILED', 'trouble']);
    expect(existsSync(controlSocketPath(job.dir)), 'no control socket left').to.equal(false);
    const record = await onlyRunRecord(job.dir);
    expect(record.exitStatus).to.equal('FINISHED_ABNORMAL');
    // The state's database is not held: a launch of the same job (its trouble bean now well) resumes the run that did not finish.
    const beans = await readFile(join(job.dir, 'crawler-beans.xml'), 'utf8');
    await writeFile(join(job.dir, 'crawler-beans.xml'), beans.replace('<property name="failStart" value="true"/>', ''));
    const again = await launch();
    expect(again.exitStatus).to.equal('FINISHED');
    expect(again.resumed).to.be.a('string');
  });
});
