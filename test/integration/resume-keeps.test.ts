import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { ClassicLevel } from 'classic-level';
import { join } from 'node:path';
import { INTERRUPTED } from '../../src/engine/crawl-controller.js';
import { interruptWhen } from '../support/interrupt-when.js';
import { launchJob } from '../../src/job/launch-job.js';
import { fastSets, parseCrawlLog } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const CHAIN = 12;

describe('what a resumed crawl keeps (integration)', function () {
  this.timeout(60_000);

  it('a seed that redirected to another host still brings that host into scope after the resume; WARC serial numbers go on', async () => {
    // One server under two names: the seed on 127.0.0.1 redirects to localhost, whose pages form
    // a chain, so that each page after the resume is found on a page fetched after it.
    let other = '';
    const routes: Record<string, Route> = {
      '/robots.txt': { status: 404 },
      '/': (_req, res) => res.writeHead(301, { location: `${other}/c0` }).end(),
    };
    for (let i = 0; i < CHAIN; i++) routes[`/c${i}`] = { body: page(`c${i}`, i + 1 < CHAIN ? [`/c${i + 1}`] : []), delayMs: 20 };
    const site = await SiteServer.start(routes);
    other = site.origin.replace('127.0.0.1', 'localhost');
    const job = await tempDir({ 'crawler-beans.xml': readFileSync(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8') });
    const sets = fastSets([`${site.origin}/`]);
    const interrupt = interruptWhen(() => site.requests.filter((r) => r.path.startsWith('/c')).length >= 3);
    try {
      // Interrupted (Ctrl-C) once a few pages of the chain are in.
      const first = await launchJob(job.dir, { sets, onRunning: interrupt.onRunning });
      expect(first.exitStatus).to.equal(INTERRUPTED);
      const second = await launchJob(job.dir, { sets });
      expect(second.exitStatus).to.equal('FINISHED');
      const crawled = [first.runDir, second.runDir]
        .flatMap((r) => parseCrawlLog(readFileSync(join(job.dir, r, 'logs', 'crawl.log'), 'utf8')))
        .filter((e) => e.status === 200 && e.uri.startsWith(other))
        .map((e) => new URL(e.uri).pathname);
      expect(crawled.sort()).to.deep.equal(Array.from({ length: CHAIN }, (_, i) => `/c${i}`).sort());

      // WARC serial numbers go on from launch to launch: every file of the run has its own.
      const serials = [first.runDir, second.runDir].flatMap((r) =>
        readdirSync(join(job.dir, r, 'warcs')).filter((f) => f.endsWith('.warc.gz')).map((f) => Number(/-(\d{5})-/.exec(f)![1])));
      expect(serials.length).to.be.at.least(2);
      expect(serials).to.deep.equal(Array.from({ length: serials.length }, (_, i) => i));
    } finally {
      interrupt.cancel();
      await site.close();
      await job.cleanup();
    }
  });

  it('a run ended by terminate and killed while closing is closed by the next launch, not crawled on', async () => {
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
    for (let i = 0; i < CHAIN; i++) routes[`/c${i}`] = { body: page(`c${i}`, i + 1 < CHAIN ? [`/c${i + 1}`] : []), delayMs: 20 };
    const site = await SiteServer.start(routes);
    const job = await tempDir({ 'crawler-beans.xml': readFileSync(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8') });
    const sets = fastSets([`${site.origin}/c0`]);
    const interrupt = interruptWhen(() => site.requests.length >= 4);
    try {
      const first = await launchJob(job.dir, { sets, onRunning: interrupt.onRunning });
      expect(first.exitStatus).to.equal(INTERRUPTED);
      // As the state stands when an operator's terminate was committed and the launch was killed before it closed the run.
      const db = new ClassicLevel<string, string>(join(job.dir, 'state'), { keyEncoding: 'utf8', valueEncoding: 'utf8' });
      await db.open();
      const run = db.sublevel<string, string>('run', { valueEncoding: 'utf8' });
      await run.put('controller', JSON.stringify({ ...JSON.parse((await run.get('controller'))!), ending: 'ABORTED' }));
      await db.close();

      const before = site.requests.length;
      const second = await launchJob(job.dir, { sets });
      expect(second.exitStatus).to.equal('ABORTED');
      expect(site.requests.length).to.equal(before);
      // Closed: the next launch is a new run from the seed, to the end.
      const notices: string[] = [];
      const third = await launchJob(job.dir, { sets, onNotice: (n) => notices.push(n) });
      expect(third.exitStatus).to.equal('FINISHED');
      expect(notices.join('\n')).to.not.contain('resuming');
    } finally {
      interrupt.cancel();
      await site.close();
      await job.cleanup();
    }
  });
});
