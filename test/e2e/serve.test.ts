import { expect } from 'chai';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.js';
import { EventReader, ServeProcess } from '../support/serve-process.js';
import { linkedSite } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const CONTACT = 'https://example.org/contact';
/** A pause between two fetches, so that the crawl lasts long enough to be watched and driven. */
const SLOW = ['disposition.delayFactor=0', 'disposition.minDelayMs=150', 'disposition.maxDelayMs=150'];
const FAST = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0'];

describe('beancrawl serve: the REST API (the real service, port 0)', function () {
  this.timeout(180_000);

  it('takes a job through its whole life by the API alone', async () => {
    const web = await linkedSite(60);
    const other = await linkedSite(2);
    const work = await tempDir();
    const serve = await ServeProcess.start(join(work.dir, 'jobs'));
    let events: EventReader | undefined;
    try {
      const out = serve.output.bind(serve);
      const created = await serve.api('POST', '/api/v1/jobs', { name: 'life', profile: 'default', seeds: [`${web.origin}/`], contact: CONTACT });
      expect(created.status, created.text + out()).to.equal(201);
      expect(created.headers.get('location')).to.equal('/api/v1/jobs/life');
      expect(created.json.state).to.equal('NEW');
      expect(created.json.availableActions).to.deep.equal(['launch']);

      // Two mistakes in the bean file: both reported, each where it is.
      const file = await serve.api('GET', '/api/v1/jobs/life/files/crawler-beans.xml');
      expect(file.status).to.equal(200);
      const etag = file.headers.get('etag')!;
      const good = file.text;
      const lines = good.split('\n');
      const end = lines.findIndex((l) => l.trim() === '</beans>');
      const broken = [...lines.slice(0, end), '  <bean id="wrong" class="NoSuchComponent"/>', '  <bean id="typo" class="FetchHttp"><property ' +
        'name="noSuchProperty" value="1"/></bean>', ...lines.slice(end)].join('\n');
      const saved = await serve.api('PUT', '/api/v1/jobs/life/files/crawler-beans.xml', broken, { 'if-match': etag, 'content-type': 'text/plain' });
      expect(saved.status, saved.text).to.equal(200);
      expect(saved.json.verify.ok).to.equal(false);
      const errors = saved.json.verify.errors as Array<Record<string, unknown>>;
      expect(errors.map((e) => [e.code, e.file, e.line, e.level])).to.deep.equal([
        ['BC_CLASS_UNKNOWN', 'crawler-beans.xml', end + 1, 'wire'],
        ['BC_PROP_UNKNOWN', 'crawler-beans.xml', end + 2, 'wire'],
      ]);
      for (const e of errors) expect(e).to.include.keys('file', 'line', 'column', 'code', 'bean', 'property', 'level', 'message');
      // The tag read before the save is stale now: a second editor cannot overwrite silently.
      const stale = await serve.api('PUT', '/api/v1/jobs/life/files/crawler-beans.xml', good, { 'if-match': etag });
      expect(stale.status).to.equal(412);
      expect(stale.headers.get('content-type')).to.match(/^application\/problem\+json/);

      // Unsaved texts are verified as if saved, and nothing is written: what an editor shows as you type.
      const draft = await serve.api('POST', '/api/v1/jobs/life/verify', { files: { 'crawler-beans.xml': good } });
      expect(draft.status, draft.text).to.equal(200);
      expect(draft.json.ok, draft.text).to.equal(true);
      const draftBroken = await serve.api('POST', '/api/v1/jobs/life/verify', { files: { 'crawler-beans.xml': broken } });
      expect((draftBroken.json.errors as Array<Record<string, unknown>>).map((e) => [e.code, e.file, e.line])).to.deep.equal([
        ['BC_CLASS_UNKNOWN', 'crawler-beans.xml', end + 1], ['BC_PROP_UNKNOWN', 'crawler-beans.xml', end + 2],
      ]);
      expect(draftBroken.text).not.to.contain('beancrawl-draft-');
      expect((await serve.api('GET', '/api/v1/jobs/life/files/crawler-beans.xml')).text).to.equal(broken);
      expect((await serve.api('POST', '/api/v1/jobs/life/verify', { files: { '../other/crawler-beans.xml': good } })).status).to.equal(400);
      expect((await serve.api('POST', '/api/v1/jobs/life/verify', { files: { 'runs/crawler-beans.xml': good } })).status).to.equal(403);
      expect((await serve.api('GET', '/api/v1/jobs/life')).json.lastVerify.ok, 'a draft is not the job\'s last verify').to.equal(false);

      const refused = await serve.api('POST', '/api/v1/jobs/life/actions/launch', {});
      expect(refused.status, refused.text).to.equal(422);
      expect(refused.json.errors.map((e: { code: string }) => e.code)).to.deep.equal(['BC_CLASS_UNKNOWN', 'BC_PROP_UNKNOWN']);
      expect(web.requests).to.have.length(0);

      const fixed = await serve.api('PUT', '/api/v1/jobs/life/files/crawler-beans.xml', good, { 'if-match': saved.headers.get('etag')! });
      expect(fixed.status, fixed.text).to.equal(200);
      expect(fixed.json.verify.ok).to.equal(true);

      events = new EventReader(serve, '/api/v1/jobs/life/events');
      const launched = await serve.api('POST', '/api/v1/jobs/life/actions/launch', { set: SLOW });
      expect(launched.status, launched.text + out()).to.equal(202);
      expect(launched.json.result).to.equal('launched');

      // Statistics ticks with a growing count of downloaded documents.
      // A tick of a crawl still starting has its state and no statistics yet.
      const downloaded = () => events!.of('stats').flatMap((e) => (e.data.data?.counts ? [e.data.data.counts.downloaded as number] : []));
      await until(() => new Set(downloaded()).size >= 3, 'three stats ticks with different downloaded counts', { timeoutMs: 60_000 });
      const counts = downloaded();
      expect(counts, out()).to.deep.equal([...counts].sort((a, b) => a - b));

      const paused = await serve.api('POST', '/api/v1/jobs/life/actions/pause');
      expect(paused.status, paused.text + out()).to.equal(200);
      expect(paused.json.job.state).to.be.oneOf(['PAUSING', 'PAUSED']);
      let job = paused.json.job;
      await until(async () => (job = (await serve.api('GET', '/api/v1/jobs/life')).json).state === 'PAUSED', 'the crawl to be PAUSED once its URIs ' +
        'in flight finished');
      expect(job.availableActions).to.deep.equal(['unpause', 'checkpoint', 'terminate']);
      expect(job.pausedFor, 'why it is paused').to.deep.equal(['operator']);
      const held = job.counts.downloaded as number;
      const ticks = events.of('stats').length;
      await until(() => events!.of('stats').length >= ticks + 3, 'three more stats ticks while paused');
      expect(events.of('stats').slice(ticks).map((e) => e.data.data.counts.downloaded)).to.deep.equal([held, held, held]);

      const notNow = await serve.api('POST', '/api/v1/jobs/life/actions/pause');
      expect(notNow.status).to.equal(409);
      expect(notNow.json.availableActions).to.deep.equal(['unpause', 'checkpoint', 'terminate']);

      // The frontier's queues, and a seed of another site added while the crawl runs.
      const queues = await serve.api('GET', '/api/v1/jobs/life/queues?limit=10');
      expect(queues.status, queues.text).to.equal(200);
      expect(queues.json.total).to.equal(1);
      expect(queues.json.queues[0]).to.include({ key: `127.0.0.1#${web.port}` });
      expect(queues.json.queues[0].size).to.be.greaterThan(0);
      const key = encodeURIComponent(queues.json.queues[0].key as string);
      const retired = await serve.api('POST', `/api/v1/jobs/life/queues/${key}/actions/retire`);
      expect(retired.status, retired.text).to.equal(200);
      expect(retired.json.queue.state).to.equal('retired');
      expect((await serve.api('POST', `/api/v1/jobs/life/queues/${key}/actions/retire`)).status).to.equal(409);
      expect((await serve.api('GET', '/api/v1/jobs/life/queues?state=retired')).json.total).to.equal(1);
      // A page past the one queue is empty but counts it; a key text that matches none counts none.
      const paged = await serve.api('GET', '/api/v1/jobs/life/queues?match=127.0.0.1&offset=1');
      expect(paged.json, paged.text).to.deep.include({ total: 1, queues: [] });
      expect((await serve.api('GET', '/api/v1/jobs/life/queues?match=NO-SUCH-HOST')).json.total).to.equal(0);
      const reactivated = await serve.api('POST', `/api/v1/jobs/life/queues/${key}/actions/reactivate`);
      expect(reactivated.status, reactivated.text).to.equal(200);
      expect(reactivated.json.queue.state).not.to.equal('retired');
      // The pages /p50 to /p59 not fetched yet are deleted from the queue (Heritrix's deleteURIs): never fetched after.
      const fetchedBefore = new Set(web.paths());
      const waiting = Array.from({ length: 10 }, (_, i) => `/p5${i}`).filter((p) => !fetchedBefore.has(p));
      const deletion = await serve.api('POST', `/api/v1/jobs/life/queues/${key}/actions/delete`, { pattern: '.*/p5\\d' });
      expect(deletion.status, deletion.text).to.equal(200);
      expect(deletion.json.deleted).to.equal(waiting.length);
      expect((await serve.api('POST', `/api/v1/jobs/life/queues/${key}/actions/delete`, { pattern: '(' })).status).to.equal(422);
      const added = await serve.api('POST', '/api/v1/jobs/life/seeds', { urls: [`${other.origin}/`, 'mailto:x@example.org'] });
      expect(added.status, added.text).to.equal(200);
      expect(added.json.seeds.map((s: { scheduled: boolean }) => s.scheduled)).to.deep.equal([true, false]);

      const checkpoint = await serve.api('POST', '/api/v1/jobs/life/actions/checkpoint');
      expect(checkpoint.status, checkpoint.text + out()).to.equal(200);
      expect(checkpoint.json.checkpoint).to.match(/cp\d{5}-\d{14}/);
      const checkpoints = await serve.api('GET', '/api/v1/jobs/life/checkpoints');
      expect(checkpoints.json).to.have.length(1);

      expect((await serve.api('POST', '/api/v1/jobs/life/actions/unpause')).status).to.equal(200);
      await until(async () => ((await serve.api('GET', '/api/v1/jobs/life')).json.counts.downloaded as number) > held, 'the crawl to go on after unpause');

      // Politeness changed while the crawl runs: checked as verify checks it, then seen in the gaps between requests.
      const patch = (path: string, value: unknown) => serve.api('PATCH', `/api/v1/jobs/life/beans/${path}`, { value });
      expect((await patch('disposition.delayFactor', -1)).status).to.equal(422);
      const notLive = await patch('metadata.operatorContactUrl', 'https://example.org/other');
      expect(notLive.status).to.equal(409);
      expect(notLive.json.live).to.deep.equal([]);
      expect((await patch('disposition.maxDelayMs', 700)).status).to.equal(200);
      const before = web.requests.length;
      const slower = await patch('disposition.minDelayMs', 700);
      expect(slower.status, slower.text).to.equal(200);
      expect(slower.json.change).to.include({ bean: 'disposition', property: 'minDelayMs', old: 150, new: 700, keep: 'disposition.minDelayMs=700' });
      expect(slower.json.keep).to.contain('disposition.minDelayMs=700');
      await until(() => web.requests.length >= before + 4, 'three more requests after the change', { timeoutMs: 60_000 });
      // The first request after the change may have been timed before it: the gaps after it show the new delay.
      const times = web.requests.slice(before + 1, before + 4).map((r) => r.at);
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1], `gap ${i} after the change`).to.be.at.least(650);
      // Explain while the crawl runs: the crawl answers, with the value just changed; a `set` is refused (it could only change the crawl).
      const explainedLive = await serve.api('POST', '/api/v1/jobs/life/explain', { urls: [`${web.origin}/p3`] });
      expect(explainedLive.status, explainedLive.text + out()).to.equal(200);
      expect(explainedLive.json[0]).to.include({ from: 'running-crawl', queueKey: `127.0.0.1#${web.port}` });
      expect(explainedLive.json[0].politeness.minDelayMs).to.equal(700);
      const withSet = await serve.api('POST', '/api/v1/jobs/life/explain', { urls: [`${web.origin}/p3`], set: ['disposition.minDelayMs=1'] });
      expect(withSet.status, withSet.text).to.equal(409);
      expect(withSet.json.errors[0].code).to.equal('BC_JOB_RUNNING');
      const value = (await serve.api('GET', '/api/v1/jobs/life/beans/disposition.minDelayMs')).json;
      expect(value).to.include({ running: true, value: 700, live: true });
      const changes = (await readFile(join(work.dir, 'jobs', 'life', job.lastRun.run, 'live-changes.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
      expect(changes.map((c) => [c.property, c.old, c.new, c.who])).to.deep.equal([['maxDelayMs', 150, 700, 'bearer@127.0.0.1'], ['minDelayMs', 150, 700, 'bearer@127.0.0.1']]);

      const terminated = await serve.api('POST', '/api/v1/jobs/life/actions/terminate');
      expect(terminated.status, terminated.text).to.equal(200);
      await until(async () => !(job = (await serve.api('GET', '/api/v1/jobs/life')).json).running && job.state === 'FINISHED', 'the terminated ' +
        'crawl to end', { timeoutMs: 60_000 });
      expect(job.lastRun.exitStatus).to.equal('ABORTED');
      expect(job.availableActions).to.deep.equal(['launch']);
      await until(() => events!.of('state').some((e) => e.data.data.state === 'FINISHED'), 'a state event saying the crawl finished');

      // Relaunched from the checkpoint, the crawl ends the job: every page fetched.
      const again = await serve.api('POST', '/api/v1/jobs/life/actions/launch', { checkpoint: 'latest', set: FAST });
      expect(again.status, again.text + out()).to.equal(202);
      await until(async () => !(job = (await serve.api('GET', '/api/v1/jobs/life')).json).running && job.state === 'FINISHED' && job.runs.length === 2, 'the relaunched crawl to finish', { timeoutMs: 60_000 });
      expect(job.lastRun.exitStatus, out()).to.equal('FINISHED');
      const fetched = new Set(web.paths());
      for (let i = 0; i < 60; i++) expect(fetched.has(`/p${i}`), `/p${i} was fetched`).to.equal(!waiting.includes(`/p${i}`));
      expect(other.paths()).to.include.members(['/', '/p0', '/p1']);

      // What the runs left: crawl.log pages, reports, the history for charts.
      const log = await serve.api('GET', '/api/v1/jobs/life/logs/crawl?tail=5');
      expect(log.status, log.text).to.equal(200);
      expect(log.json.lines).to.have.length(5);
      const whole = await serve.api('GET', '/api/v1/jobs/life/logs/crawl/file');
      expect(whole.status).to.equal(200);
      expect(whole.headers.get('content-disposition')).to.match(/^attachment; filename="life-\d+-crawl\.log"$/);
      expect(whole.text.trim().split('\n').slice(-5)).to.deep.equal(log.json.lines);
      const only404 = await serve.api('GET', '/api/v1/jobs/life/logs/crawl?from=0&limit=1000&status=404');
      expect(only404.json.lines.every((l: string) => l.split(/\s+/)[1] === '404')).to.equal(true);
      const reports = await serve.api('GET', '/api/v1/jobs/life/reports');
      expect(reports.json.reports.map((r: { name: string }) => r.name)).to.include('crawl-report.txt');
      const report = await serve.api('GET', '/api/v1/jobs/life/reports/crawl-report.txt');
      expect(report.headers.get('content-disposition')).to.match(/^attachment/);
      // Why: what the job recorded of a URL, and of one it never saw.
      const why = (await serve.api('GET', `/api/v1/jobs/life/why?url=${encodeURIComponent(`${web.origin}/p3`)}`)).json;
      expect(why.seen, JSON.stringify(why)).to.equal(true);
      expect(why.attempts.map((a: { status: number }) => a.status)).to.include(200);
      expect(why.discovered).to.include({ via: `${web.origin}/`, hops: 'L' });
      expect(why.scope.decision).to.equal('ACCEPT');
      expect(why.kinds.map((k: { kind: string }) => k.kind)).to.include('found');
      const explainedAfter = await serve.api('POST', '/api/v1/jobs/life/explain', { urls: [`${web.origin}/p3`] });
      expect(explainedAfter.json[0]).to.include({ from: 'configuration' });
      const never = (await serve.api('GET', `/api/v1/jobs/life/why?url=${encodeURIComponent(`${web.origin}/never`)}`)).json;
      expect(never).to.include({ seen: false });
      expect(never.attempts).to.deep.equal([]);
      const stats = await serve.api('GET', '/api/v1/jobs/life/stats');
      expect(stats.json.samples.length).to.be.greaterThan(0);
    } finally {
      await events?.close();
      const code = await serve.stop();
      expect(code, serve.output()).to.equal(0);
      await web.close();
      await other.close();
      await work.cleanup();
    }
  });

  it('refuses what it must: no token, another Host, cross-site changes, paths out of the job; slows down bad tokens, never the right one', async () => {
    const work = await tempDir();
    const serve = await ServeProcess.start(join(work.dir, 'jobs'));
    try {
      expect((await serve.api('GET', '/api/v1/engine', undefined, { authorization: null })).status).to.equal(401);
      expect((await serve.api('GET', '/api/v1/engine')).status).to.equal(200);
      const host = await serve.api('GET', '/api/v1/engine', undefined, { host: 'evil.example' });
      expect(host.status).to.equal(421);

      // A browser trades the printed token for a session cookie; a cross-site request riding on it is refused.
      const exchange = await serve.api('GET', `/?token=${serve.token}`, undefined, { authorization: null });
      expect(exchange.status).to.equal(303);
      const cookie = exchange.headers.get('set-cookie')!;
      expect(cookie).to.match(/HttpOnly/).and.match(/SameSite=Strict/);
      const session = cookie.split(';')[0];
      expect((await serve.api('GET', '/api/v1/engine', undefined, { authorization: null, cookie: session })).status).to.equal(200);
      const body = { name: 'x', seeds: ['http://127.0.0.1:9/'], contact: CONTACT };
      const crossSite = await serve.api('POST', '/api/v1/jobs', body, { authorization: null, cookie: session, origin: 'https://evil.example' });
      expect(crossSite.status).to.equal(403);
      const noOrigin = await serve.api('POST', '/api/v1/jobs', body, { authorization: null, cookie: session });
      expect(noOrigin.status).to.equal(403);
      const sameOrigin = await serve.api('POST', '/api/v1/jobs', body, { authorization: null, cookie: session, origin: serve.base });
      expect(sameOrigin.status, sameOrigin.text).to.equal(201);
      const bearerCrossSite = await serve.api('POST', '/api/v1/jobs', { ...body, name: 'y' }, { origin: 'https://evil.example' });
      expect(bearerCrossSite.status).to.equal(403);

      // Paths out of the job folder, however written.
      await mkdir(join(work.dir, 'outside'));
      await writeFile(join(work.dir, 'outside', 'secret.txt'), 'TOP-SECRET-CONTENT');
      await symlink(join(work.dir, 'outside', 'secret.txt'), join(work.dir, 'jobs', 'x', 'link.txt'));
      await symlink(join(work.dir, 'outside'), join(work.dir, 'jobs', 'x', 'sheets'));
      for (const path of ['../x/crawler-beans.xml', '%2e%2e%2fx%2fcrawler-beans.xml', '..%2F..%2Fsecret.txt', '%2Fetc%2Fpasswd', 'link.txt', 'sheets/secret.txt', 'state/x', 'runs/x', '.beancrawl.sock']) {
        const r = await serve.api('GET', `/api/v1/jobs/x/files/${path}`);
        expect(r.status, `${path}: ${r.text}`).to.be.oneOf([400, 403, 404]);
        expect(r.text).not.to.contain('TOP-SECRET-CONTENT');
        const w = await serve.api('PUT', `/api/v1/jobs/x/files/${path}`, 'overwritten');
        expect(w.status, `PUT ${path}: ${w.text}`).to.be.oneOf([400, 403, 404]);
      }
      const jobs = await serve.api('GET', '/api/v1/jobs/..%2Foutside');
      expect(jobs.status).to.be.oneOf([400, 404]);

      // Twenty wrong tokens from one client (every local process is 127.0.0.1): its failing requests are slowed down for a while.
      const answers: number[] = [];
      for (let i = 0; i < 20; i++) answers.push((await serve.api('GET', '/api/v1/engine', undefined, { authorization: `Bearer wrong${i}` })).status);
      // The requests without a token before were no failed attempts (they guess nothing): ten wrong ones in the minute, and the rest are refused.
      expect(answers.indexOf(429), answers.join(' ')).to.equal(10);
      expect(answers.slice(0, 10).every((s) => s === 401) && answers.slice(10).every((s) => s === 429), answers.join(' ')).to.equal(true);
      const slowed = await serve.api('GET', '/api/v1/engine', undefined, { authorization: 'Bearer wrong-again' });
      expect(slowed.status).to.equal(429);
      expect(slowed.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(Number(slowed.headers.get('retry-after'))).to.be.greaterThan(0);
      // The user is not locked out by them: the right token, the session cookie and the token exchange all still get in.
      expect((await serve.api('GET', '/api/v1/engine')).status, 'the right token after others\' failures').to.equal(200);
      expect((await serve.api('GET', '/api/v1/engine', undefined, { authorization: null, cookie: session })).status).to.equal(200);
      const again = await serve.api('GET', `/?token=${serve.token}`, undefined, { authorization: null });
      expect(again.status, again.text).to.equal(303);
      expect((await serve.api('GET', '/?token=wrong', undefined, { authorization: null })).status).to.equal(429);
      expect((await serve.api('POST', '/api/v1/jobs', { ...body, name: 'z' })).status).to.equal(201);
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });

  it('completes and explains what the cursor is on in a bean file (the authoring module, behind the API)', async () => {
    const work = await tempDir();
    const serve = await ServeProcess.start(join(work.dir, 'jobs'));
    try {
      const text = '<beans>\n <bean id="disposition" class="DispositionProcessor">\n  <property name="minD';
      const completed = await serve.api('POST', '/api/v1/authoring/complete', { text, offset: text.length, format: 'xml' });
      expect(completed.status, completed.text).to.equal(200);
      const labels = completed.json.completions.map((c: { label: string }) => c.label);
      // Every property of the class, for the editor to filter by what is typed: the range says what is replaced.
      expect(labels).to.include.members(['minDelayMs', 'maxDelayMs', 'delayFactor']);
      expect(completed.json.completions.find((c: { label: string }) => c.label === 'minDelayMs')).to.include({ kind: 'property', replaceFrom: text.length - 4, replaceTo: text.length });
      const hovered = await serve.api('POST', '/api/v1/authoring/hover', { text, offset: text.indexOf('Disposition') + 2, format: 'xml' });
      expect(hovered.json.hover.contents).to.contain('Politeness');
      expect((await serve.api('POST', '/api/v1/jobs', { name: 'j', seeds: ['http://127.0.0.1:9/'], contact: CONTACT })).status).to.equal(201);
      const set = await serve.api('POST', '/api/v1/authoring/complete-set', { argument: 'disposition.minD', offset: 16, job: 'j' });
      expect(set.json.completions.map((c: { label: string }) => c.label)).to.include('minDelayMs');
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });

  it('refuses to start, with a located error and exit 1, on a port in use, a password file it cannot read, or TLS half given', async () => {
    const work = await tempDir();
    const serve = await ServeProcess.start(join(work.dir, 'jobs'));
    try {
      const port = new URL(serve.base).port;
      const inUse = await runCli(['serve', '--jobs-dir', join(work.dir, 'other'), '--port', port]);
      expect(inUse.code, inUse.stderr).to.equal(1);
      expect(inUse.stderr).to.contain(`error BC_SERVE_LISTEN: 127.0.0.1:${port} is in use`).and.not.contain('internal error');
      const noFile = await runCli(['serve', '--jobs-dir', join(work.dir, 'other'), '--port', '0', '--password-file', join(work.dir, 'missing')]);
      expect(noFile.code, noFile.stderr).to.equal(1);
      expect(noFile.stderr).to.contain('error BC_PASSWORD_FILE');
      await writeFile(join(work.dir, 'users'), 'admin:admin\n');
      const badFile = await runCli(['serve', '--jobs-dir', join(work.dir, 'other'), '--port', '0', '--password-file', join(work.dir, 'users')]);
      expect(badFile.stderr).to.contain(`${join(work.dir, 'users')}:1:1: error BC_PASSWORD_FILE`);
      const halfTls = await runCli(['serve', '--jobs-dir', join(work.dir, 'other'), '--port', '0', '--tls-cert', join(work.dir, 'users')]);
      expect(halfTls.code, halfTls.stderr).to.equal(1);
      expect(halfTls.stderr).to.contain('error BC_SERVE_EXPOSED: --tls-cert and --tls-key go together');
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });

  it('describes every route in its OpenAPI document', async () => {
    const work = await tempDir();
    const serve = await ServeProcess.start(join(work.dir, 'jobs'));
    try {
      const doc = (await serve.api('GET', '/api/v1/openapi.json')).json;
      expect(doc.openapi).to.equal('3.1.0');
      for (const path of ['/api/v1/engine', '/api/v1/jobs', '/api/v1/jobs/{job}', '/api/v1/jobs/{job}/actions/{action}', '/api/v1/jobs/{job}/files/{*}', '/api/v1/jobs/{job}/events', '/api/v1/jobs/{job}/logs/{log}']) {
        expect(doc.paths, path).to.have.property(path);
      }
      for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { summary?: string }>>)) {
        for (const [method, op] of Object.entries(methods)) expect(op.summary, `${method} ${path} has a summary`).to.be.a('string');
      }
      // Every route's schema compiles without a word from Ajv's strict mode (it used to warn of the config edit's union type at each start).
      expect(serve.stderr, serve.output()).not.to.match(/strict mode/);
      // Nor from Fastify of a route's schema (FSTWRN001: a params key left undefined): serve starts without a warning.
      expect(serve.stderr, serve.output()).not.to.match(/Warning/);
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });
});

describe('beancrawl serve: killed, started again (the real service, port 0)', function () {
  this.timeout(240_000);

  it('watches a crawl that outlived it, and resumes one that died with it, paused as it was; every page fetched, none more than twice', async () => {
    const web = await linkedSite(60);
    const work = await tempDir();
    const jobs = join(work.dir, 'jobs');
    const services: ServeProcess[] = [];
    const start = async () => {
      const s = await ServeProcess.start(jobs);
      services.push(s);
      return s;
    };
    let crawlPid: number | undefined;
    try {
      const a = await start();
      expect((await a.api('POST', '/api/v1/jobs', { name: 'kept', seeds: [`${web.origin}/`], contact: CONTACT })).status).to.equal(201);
      expect((await a.api('POST', '/api/v1/jobs/kept/actions/launch', { set: SLOW })).status).to.equal(202);
      const job = async (s: ServeProcess) => (await s.api('GET', '/api/v1/jobs/kept')).json;
      await until(async () => ((await job(a)).counts?.downloaded ?? 0) >= 3, 'three pages downloaded', { timeoutMs: 60_000 });

      // The service dies; its crawl, a process of its own, goes on, and the next service finds it.
      a.child.kill('SIGKILL');
      await a.exited;
      const b = await start();
      let seen = await job(b);
      expect(seen.running, b.output()).to.equal(true);
      expect(seen.runs).to.have.length(1);
      const before = seen.counts.downloaded as number;
      await until(async () => ((seen = await job(b)).counts?.downloaded ?? 0) > before, 'the crawl to go on under the new service');
      crawlPid = seen.lastRun.pid as number;
      expect(crawlPid).to.be.a('number');

      // Paused, then the service and its crawl both die (a machine that stops): the next start resumes it, paused.
      expect((await b.api('POST', '/api/v1/jobs/kept/actions/pause')).status).to.equal(200);
      await until(async () => (seen = await job(b)).state === 'PAUSED', 'the crawl to be paused');
      b.child.kill('SIGKILL');
      process.kill(crawlPid, 'SIGKILL');
      await b.exited;
      await until(() => !isAlive(crawlPid!), 'the crawl process to be gone');
      const c = await start();
      await until(async () => (seen = await job(c)).running && seen.state === 'PAUSED', 'the crawl to come back, paused', { timeoutMs: 60_000 });
      expect(seen.runs).to.have.length(2);
      expect(seen.lastRun.continues).to.equal(seen.runs[0].run);
      expect((await c.api('POST', '/api/v1/jobs/kept/actions/unpause')).status).to.equal(200);
      await until(async () => !(seen = await job(c)).running && seen.state === 'FINISHED', 'the resumed crawl to finish', { timeoutMs: 120_000 });
      expect(seen.lastRun.exitStatus, c.output()).to.equal('FINISHED');

      const times = new Map<string, number>();
      for (const path of web.paths()) times.set(path, (times.get(path) ?? 0) + 1);
      for (let i = 0; i < 60; i++) expect(times.get(`/p${i}`), `/p${i}`).to.be.within(1, 2);
      expect(times.get('/')).to.be.within(1, 2);
    } finally {
      if (crawlPid !== undefined && isAlive(crawlPid)) process.kill(crawlPid, 'SIGKILL');
      for (const s of services) await s.stop();
      await web.close();
      await work.cleanup();
    }
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('beancrawl serve: schedules (the real service, port 0)', function () {
  this.timeout(180_000);

  /** A cron expression (with seconds) naming one time of day, UTC. */
  const at = (t: Date) => `${t.getUTCSeconds()} ${t.getUTCMinutes()} ${t.getUTCHours()} * * *`;
  const scheduled = (xml: string, cron: string) => xml
    .replace(/^(metadata\.operatorContactUrl=.*)$/m, `$1\n${FAST.join('\n')}`)
    .replace(/<\/beans>\s*$/, `  <bean id="schedule" class="CrawlSchedule"><property name="cron" value="${cron}"/><property name="timeZone" ` +
      `value="UTC"/></bean>\n</beans>\n`);

  it('launches a job at the time its schedule says, and once at start-up for a time missed while the service was down', async () => {
    const web = await linkedSite(3);
    const work = await tempDir();
    const jobs = join(work.dir, 'jobs');
    let serve = await ServeProcess.start(jobs);
    try {
      // A delta-recrawl job: each scheduled run after the first is a periodic synchronisation.
      const created = await serve.api('POST', '/api/v1/jobs', { name: 'timed', profile: 'delta-recrawl', seeds: [`${web.origin}/`], contact: CONTACT });
      expect(created.status, created.text).to.equal(201);
      const xml = (await serve.api('GET', '/api/v1/jobs/timed/files/crawler-beans.xml')).text;
      const due = new Date(Math.ceil(Date.now() / 1000) * 1000 + 5000);
      const saved = await serve.api('PUT', '/api/v1/jobs/timed/files/crawler-beans.xml', scheduled(xml, at(due)));
      expect(saved.json.verify.ok, saved.text).to.equal(true);
      let job = (await serve.api('GET', '/api/v1/jobs/timed')).json;
      expect(job.nextRunAt).to.equal(due.toISOString());

      await until(async () => (job = (await serve.api('GET', '/api/v1/jobs/timed')).json).runs.length === 1 && !job.running && job.state === 'FINISHED', 'the scheduled run to start and finish', { timeoutMs: 60_000 });
      expect(new Date(job.lastRun.startedAt).getTime(), serve.output()).to.be.at.least(due.getTime());
      expect(job.lastRun.exitStatus).to.equal('FINISHED');
      expect(job.nextRunAt).to.equal(new Date(due.getTime() + 86_400_000).toISOString());
      expect(web.paths()).to.include('/p2');

      // Down while a time passes: the next start makes up for it, once.
      expect(await serve.stop()).to.equal(0);
      const missed = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
      await writeFile(join(jobs, 'timed', 'crawler-beans.xml'), scheduled(xml, at(missed)));
      await until(() => Date.now() > missed.getTime() + 1000, 'the scheduled time to pass while the service is down');
      serve = await ServeProcess.start(jobs);
      await until(async () => (job = (await serve.api('GET', '/api/v1/jobs/timed')).json).runs.length === 2 && !job.running && job.state === 'FINISHED', 'the missed run to start at start-up and finish', { timeoutMs: 60_000 });
      expect(job.lastRun.exitStatus, serve.output()).to.equal('FINISHED');
      expect(job.lastRun.counts.delta, JSON.stringify(job.lastRun)).to.include({ new: 0, changed: 0, unchanged: 4, deleted: 0 });
      expect(job.nextRunAt).to.equal(new Date(missed.getTime() + 86_400_000).toISOString());
    } finally {
      await serve.stop();
      await web.close();
      await work.cleanup();
    }
  });
});
