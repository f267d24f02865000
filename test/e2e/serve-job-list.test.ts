import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BIN, REPO_ROOT, runCli } from '../support/run-cli.js';
import { type ApiAnswer, EventReader, ServeProcess } from '../support/serve-process.js';
import { linkedSite } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const CONTACT = 'https://example.org/contact';
const SLOW = ['disposition.delayFactor=0', 'disposition.minDelayMs=300', 'disposition.maxDelayMs=300'];

/** A job folder written straight to disk (as another tool, or a copy, would): the default profile's bean file, and a finished run if said. */
async function jobOnDisk(jobs: string, name: string, finished = false): Promise<void> {
  const beans = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'))
    .replace(/(<bean id="metadata"[\s\S]*?)(<\/bean>)/, `$1<property name="operatorContactUrl" value="${CONTACT}"/>$2`);
  await mkdir(join(jobs, name), { recursive: true });
  if (finished) {
    const run = 'runs/20261201T000000Z';
    await mkdir(join(jobs, name, run), { recursive: true });
    await writeFile(join(jobs, name, run, 'run.json'), JSON.stringify({ run, startedAt: '2026-12-01T00:00:00.000Z', endedAt: '2026-12-01T00:00:05.000Z',
      exitStatus: 'FINISHED', exitCode: 0 }));
  }
  await writeFile(join(jobs, name, 'crawler-beans.xml'), beans);
}

describe('beancrawl serve: the job list paged and filtered, jobs made behind its back, crawls started elsewhere (the real service, port 0)', function () {
  this.timeout(180_000);

  it('pages the list by name (Link rel="next"), filters it by state and name, and lists a job made on disk at once', async () => {
    const work = await tempDir();
    const jobs = join(work.dir, 'jobs');
    const names = Array.from({ length: 25 }, (_, i) => `job-${String(i).padStart(2, '0')}`);
    for (const [i, name] of names.entries()) await jobOnDisk(jobs, name, i % 5 === 0);
    // A folder that holds no bean file is not a job.
    await mkdir(join(jobs, 'not-a-job'));
    const serve = await ServeProcess.start(jobs);
    try {
      const all = await serve.api('GET', '/api/v1/jobs');
      expect(all.status, all.text + serve.output()).to.equal(200);
      expect(all.json.map((j: { name: string }) => j.name), 'the default answer: every job, as before').to.deep.equal(names);
      expect(all.headers.get('link')).to.equal(null);

      const seen: string[] = [];
      let next: string | undefined = '/api/v1/jobs?limit=10';
      let pages = 0;
      while (next) {
        const page: ApiAnswer = await serve.api('GET', next);
        expect(page.status, page.text).to.equal(200);
        expect(page.json.length).to.be.at.most(10);
        seen.push(...page.json.map((j: { name: string }) => j.name));
        next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('link') ?? '')?.[1];
        pages++;
      }
      expect(seen, 'pages of 10, each after the last name of the one before').to.deep.equal(names);
      expect(pages).to.equal(3);

      const finished = await serve.api('GET', '/api/v1/jobs?state=finished');
      const expected = names.filter((_, i) => i % 5 === 0).map((n) => [n, 'FINISHED']);
      expect(finished.json.map((j: { name: string; state: string }) => [j.name, j.state])).to.deep.equal(expected);
      const either = await serve.api('GET', '/api/v1/jobs?state=NEW,FINISHED&limit=3&after=job-09');
      expect(either.json.map((j: { name: string }) => j.name)).to.deep.equal(['job-10', 'job-11', 'job-12']);
      expect(either.headers.get('link')).to.equal('</api/v1/jobs?limit=3&after=job-12&state=NEW%2CFINISHED>; rel="next"');
      const named = await serve.api('GET', '/api/v1/jobs?q=JOB-1');
      expect(named.json.map((j: { name: string }) => j.name)).to.deep.equal(names.filter((n) => n.startsWith('job-1')));
      for (const bad of ['limit=0', 'limit=x', 'state=RUN%20NING', 'nope=1']) {
        const refused = await serve.api('GET', `/api/v1/jobs?${bad}`);
        expect(refused.status, `${bad}: ${refused.text}`).to.equal(400);
        expect(refused.headers.get('content-type')).to.match(/^application\/problem\+json/);
      }

      // Made on disk while the service runs (another tool, a copy): listed as soon as it is there.
      await jobOnDisk(jobs, 'made-behind', true);
      await until(async () => (await serve.api('GET', '/api/v1/jobs?q=behind')).json.length === 1, 'the job made on disk to be listed' + serve.output());
      const behind = (await serve.api('GET', '/api/v1/jobs?q=behind')).json[0];
      expect([behind.name, behind.state]).to.deep.equal(['made-behind', 'FINISHED']);
      // Its runs removed on disk: its state follows (the kept status is dropped when its folder changes).
      await rm(join(jobs, 'made-behind', 'runs'), { recursive: true });
      await until(async () => (await serve.api('GET', '/api/v1/jobs?q=behind')).json[0]?.state === 'NEW', 'the job to be NEW once its runs are gone');
      await rm(join(jobs, 'made-behind'), { recursive: true });
      await until(async () => (await serve.api('GET', '/api/v1/jobs?q=behind')).json.length === 0, 'the job removed on disk to leave the list');
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });

  it('hears of a crawl launched from another shell after it started, and tells its state changes on the job\'s event stream', async () => {
    const web = await linkedSite(40);
    const work = await tempDir();
    const jobs = join(work.dir, 'jobs');
    const serve = await ServeProcess.start(jobs);
    let events: EventReader | undefined;
    let crawl: ReturnType<typeof spawn> | undefined;
    let crawlOut = '';
    try {
      const created = await runCli(['create', join(jobs, 'elsewhere'), '--seed', `${web.origin}/`, '--contact', CONTACT]);
      expect(created.code, created.stderr).to.equal(0);
      await until(async () => (await serve.api('GET', '/api/v1/jobs/elsewhere')).status === 200, 'the job to be known');
      events = new EventReader(serve, '/api/v1/jobs/elsewhere/events');
      crawl = spawn(process.execPath, [BIN, 'launch', join(jobs, 'elsewhere'), ...SLOW.flatMap((s) => ['--set', s])], { stdio: ['ignore', 'pipe', 'pipe'] });
      crawl.stdout!.on('data', (d: Buffer) => (crawlOut += d));
      crawl.stderr!.on('data', (d: Buffer) => (crawlOut += d));
      const seenEvents = () => JSON.stringify(events!.events.map((e) => [e.type, e.data.data.state]));
      const why = () => `${serve.output()}\n--- the crawl's output:\n${crawlOut}\n--- events: ${seenEvents()}`;
      // Its control socket appears in a folder the service watches: it is adopted, and ticks follow.
      await until(() => events!.of('stats').length >= 2, `statistics ticks of the crawl started elsewhere${why()}`, { timeoutMs: 60_000 });
      const paused = await runCli(['pause', join(jobs, 'elsewhere')]);
      expect(paused.code, paused.stderr).to.equal(0);
      await until(() => events!.of('state').some((e) => e.data.data.state === 'PAUSED'), `a PAUSED state event${why()}`, { timeoutMs: 60_000 });
      const terminated = await runCli(['terminate', join(jobs, 'elsewhere')]);
      expect(terminated.code, terminated.stderr).to.equal(0);
      const ended = () => events!.of('state').some((e) => e.data.data.state === 'FINISHED' && e.data.data.previous !== undefined);
      await until(ended, `the crawl's end on the event ` +
        `stream${why()}`, { timeoutMs: 60_000 });
      const listed = (await serve.api('GET', '/api/v1/jobs?q=elsewhere')).json[0];
      expect([listed.state, listed.running, listed.lastRun?.exitStatus], why()).to.deep.equal(['FINISHED', false, 'ABORTED']);
    } finally {
      await events?.close();
      if (crawl && crawl.exitCode === null) crawl.kill('SIGKILL');
      await serve.stop();
      await web.close();
      await work.cleanup();
    }
  });
});
