import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sendControl } from '../../src/job/control-socket.js';
import { parseCrawlLog } from '../support/crawl-job.js';
import { ResponseGate } from '../support/response-gate.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

/** What the tests read of an explanation (`explain --json`). */
interface Explained {
  url: string;
  from: string;
  decision: { decision: string; rule?: string };
  sheets: Array<{ sheet: string }>;
  overrides: Array<{ property: string; value: unknown; base: unknown; at?: string }>;
  politeness: { minDelayMs: number };
  robots: string;
  usage?: string;
}

/** A sheet that slows the site's /in/ URLs (disposition.minDelayMs 50), in the job's sheets folder. */
async function writeSlowSheet(job: string, origin: string): Promise<void> {
  await mkdir(join(job, 'sheets'));
  await writeFile(join(job, 'sheets', 'slow.xml'), `<beans>
 <bean id="slow" class="Sheet"><property name="map"><map><entry key="disposition.minDelayMs" value="50"/></map></property></bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${origin}/in/</value></list></property>
  <property name="targetSheetNames"><list><value>slow</value></list></property>
 </bean>
</beans>`);
}

describe('beancrawl explain (the binary)', function () {
  this.timeout(60000);

  it('explains scope and sheets, and the crawl then decides the same', async () => {
    const other = await SiteServer.start({ '/': { body: page('other') } });
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': { body: page('home', ['/in/a.html', `${other.origin}/`, '/x/x/x/x/deep.html']) },
      '/in/a.html': { body: page('a') },
    });
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      await writeSlowSheet(job, site.origin);
      const urls = [`${site.origin}/in/a.html`, `${other.origin}/`, `${site.origin}/x/x/x/x/deep.html`];
      const r = await runCli(['explain', job, ...urls, '--json']);
      expect(r.code, r.stderr).to.equal(0);
      const explained = JSON.parse(r.stdout) as Explained[];
      expect(explained.map((e) => e.decision.decision)).to.deep.equal(['ACCEPT', 'REJECT', 'REJECT']);
      expect(explained.map((e) => e.from)).to.deep.equal(['configuration', 'configuration', 'configuration']);
      expect(explained[2].decision.rule).to.equal('scope.rules[6]');
      expect(explained[0].sheets.map((s) => s.sheet)).to.deep.equal(['slow']);
      expect(explained[0].overrides[0]).to.include({ property: 'disposition.minDelayMs', value: 50 });
      expect(explained[0].overrides[0].at).to.match(/sheets\/slow\.xml:2:\d+$/);
      expect(explained[1].sheets).to.deep.equal([]);

      const text = await runCli(['explain', job, urls[1]]);
      expect(text.stdout).to.contain('decision: REJECT (rule 1, scope.rules[0])');
      expect(text.stdout).to.match(/^explained from the configuration on disk \(no crawl of this job is running\)\n/);

      const launched = await runCli(['launch', job, '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=50', '--set', 'disposition.delayFactor=0']);
      expect(launched.code, launched.stderr).to.equal(0);
      const log = parseCrawlLog(await readFile(join(job, 'latest', 'logs', 'crawl.log'), 'utf8'));
      const crawled = new Set(log.map((e) => e.uri));
      explained.forEach((e) => expect(crawled.has(e.url), e.url).to.equal(e.decision.decision === 'ACCEPT'));
      expect(other.requests).to.have.length(0);
    } finally {
      await site.close();
      await other.close();
      await work.cleanup();
    }
  });

  it('reads URLs from stdin when none are given', async () => {
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', 'http://www.example.org/', '--contact', 'https://example.org/contact']);
      const r = spawnSync(process.execPath, [BIN, 'explain', job], { input: 'http://www.example.org/a\n# ' +
        'comment\nhttp://elsewhere.example/\n', encoding: 'utf8' });
      expect(r.status, r.stderr).to.equal(0);
      expect(r.stdout.match(/^http:/gm)).to.have.length(2);
      // No URL and nothing on stdin: said, a usage error, not a silent success.
      const none = spawnSync(process.execPath, [BIN, 'explain', job], { input: '', encoding: 'utf8' });
      expect(none.status, none.stderr).to.equal(2);
      expect(none.stderr).to.contain('explain needs URLs').and.contain('was empty');
    } finally {
      await work.cleanup();
    }
  });

  it('is answered by the running crawl while the job runs: its sheets, and a value changed live', async () => {
    const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home', ['/in/a.html']) }, '/in/a.html': { body: page('a') } });
    const work = await tempDir();
    let crawl: ReturnType<typeof spawn> | undefined;
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      await writeSlowSheet(job, site.origin);
      const urls = [`${site.origin}/in/a.html`, `${site.origin}/other.html`];
      const explain = async (...more: string[]) => {
        const r = await runCli(['explain', job, ...urls, '--json', ...more]);
        expect(r.code, r.stderr).to.equal(0);
        return JSON.parse(r.stdout) as Explained[];
      };

      // Launched paused: it runs (it holds the state store, and answers on its socket) until terminated.
      crawl = spawn(process.execPath, [BIN, 'launch', job, '--paused', '--set', 'disposition.minDelayMs=150', '--set', 'disposition.maxDelayMs=5000'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      crawl.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
      crawl.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
      const exited = new Promise<number | null>((resolve) => crawl!.on('close', resolve));
      await until(async () => crawl!.exitCode !== null || (await sendControl(job, 'status', 2000).then((r) => r.ok, () => false)), 'the crawl to ' +
        'answer on its socket');
      expect(crawl.exitCode, `the crawl exited before it answered:\n${output}`).to.equal(null);

      // The running crawl answers, with the launch's --set values and the job's sheets.
      const running = await explain();
      expect(running.map((e) => e.from)).to.deep.equal(['running-crawl', 'running-crawl']);
      expect(running.map((e) => e.decision.decision)).to.deep.equal(['ACCEPT', 'ACCEPT']);
      expect(running.map((e) => e.politeness.minDelayMs)).to.deep.equal([50, 150]);
      expect(running[0].sheets.map((s) => s.sheet)).to.deep.equal(['slow']);
      expect(running[0].overrides[0]).to.include({ property: 'disposition.minDelayMs', value: 50, base: 150 });
      const text = await runCli(['explain', job, urls[1]]);
      expect(text.code, text.stderr).to.equal(0);
      expect(text.stdout).to.match(/^explained by the running crawl: its values and sheets as they are now, live changes included\n/);
      expect(text.stdout).to.contain('politeness: 150–5000 ms');

      // A value changed while the crawl runs is the running crawl's answer from then on (the sheet still wins for its URLs).
      const changed = await sendControl(job, 'set', 5000, { bean: 'disposition', property: 'minDelayMs', value: 400, who: 'test' });
      expect(changed.ok, changed.error).to.equal(true);
      const live = await explain();
      expect(live.map((e) => e.politeness.minDelayMs)).to.deep.equal([50, 400]);
      expect(live[0].overrides[0]).to.include({ value: 50, base: 400 });

      // --set cannot apply to the running crawl: refused, located, with what to do instead.
      const withSet = await runCli(['explain', job, urls[1], '--set', 'disposition.minDelayMs=5']);
      expect(withSet.code).to.equal(1);
      expect(withSet.stderr).to.match(/crawler-beans\.xml: error BC_JOB_RUNNING: --set cannot apply while this job's crawl runs/);
      expect(withSet.stderr).to.contain('hint: leave out --set');
      expect(withSet.stderr).to.not.match(/\n\s+at /);

      const ended = await runCli(['terminate', job]);
      expect(ended.code, ended.stderr).to.equal(0);
      expect(await exited, output).to.equal(5);

      // Ended: the configuration on disk answers again, without the launch's values or the live change.
      const after = await explain('--set', 'disposition.minDelayMs=7');
      expect(after.map((e) => e.from)).to.deep.equal(['configuration', 'configuration']);
      expect(after[1].politeness.minDelayMs).to.equal(7);
      expect(site.requests.filter((r) => r.path !== '/robots.txt')).to.have.length(0);
    } finally {
      if (crawl && crawl.exitCode === null) crawl.kill('SIGKILL'); // a failed assertion must not leave it running
      await site.close();
      await work.cleanup();
    }
  });

  it('gives the running crawl\'s robots.txt verdict for a server it fetched robots.txt of (a host:port key), and says which are not known yet', async () => {
    // The home page is held: the crawl has read robots.txt, and runs until the test lets it end.
    const gate = new ResponseGate();
    const site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\nContent-Signal: search=yes, ai-train=no\n' +
        'Content-Usage: /open train-ai=y\n' },
      '/': gate.route(page('home')),
    });
    const work = await tempDir();
    let crawl: ReturnType<typeof spawn> | undefined;
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      crawl = spawn(process.execPath, [BIN, 'launch', job, '--set', 'fetchHttp.soTimeoutMs=120000', '--set', 'metadata.purposes=search,ai-train'],
        { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      crawl.stdout!.setEncoding('utf8').on('data', (d: string) => (output += d));
      crawl.stderr!.setEncoding('utf8').on('data', (d: string) => (output += d));
      const exited = new Promise<number | null>((resolve) => crawl!.on('close', resolve));
      await until(() => crawl!.exitCode !== null || gate.held === 1, 'the home page to be asked for, after robots.txt');
      expect(crawl.exitCode, `the crawl exited before it asked for the home page:\n${output}`).to.equal(null);

      const r = await runCli(['explain', job, `${site.origin}/private/x.html`, `${site.origin}/open.html`, 'http://elsewhere.example/', '--json']);
      expect(r.code, r.stderr).to.equal(0);
      const [closed, open, unknown] = JSON.parse(r.stdout) as Explained[];
      expect(closed.from).to.equal('running-crawl');
      const key = new URL(site.origin).host;
      expect(closed.robots).to.match(new RegExp(`^disallows it for "[^"]*beancrawl[^"]*" \\(robots\\.txt of ${key.replace(/\./g, '\\.')}, fetched \\d{4}-`));
      expect(open.robots).to.match(/^allows it for /);
      expect(unknown.robots).to.equal('not fetched yet from elsewhere.example: the crawl fetches it before the first URI of that server');
      expect(r.stdout).to.not.contain('no cached robots.txt verdict');
      // The usage preferences its robots.txt states for the crawler, the longest matching line of each vocabulary, and which of
      // the crawl's purposes they refuse.
      const purposes = '; the crawl\'s purposes (search, ai-train): refused ai-train (Content-Signal ai-train=no)';
      expect(closed.usage).to.equal(`robots.txt Content-Signal: search=yes, ai-train=no${purposes}`);
      expect(open.usage).to.equal(`robots.txt Content-Signal: search=yes, ai-train=no; robots.txt Content-Usage: /open train-ai=y${purposes}`);
      expect(unknown.usage).to.equal(undefined);
      const text = await runCli(['explain', job, `${site.origin}/open.html`]);
      expect(text.stdout).to.contain('  usage preferences: robots.txt Content-Signal: search=yes, ai-train=no; robots.txt Content-Usage: /open train-ai=y;');

      expect((await runCli(['terminate', job])).code).to.equal(0);
      gate.open();
      expect(await exited, output).to.equal(5);
      // Not running: the configuration on disk cannot know, and says so.
      const after = await runCli(['explain', job, `${site.origin}/private/x.html`, '--json']);
      expect((JSON.parse(after.stdout) as Explained[])[0].robots).to.match(/^not known here: a running crawl fetches robots\.txt/);
    } finally {
      if (crawl && crawl.exitCode === null) crawl.kill('SIGKILL'); // a failed assertion must not leave it running
      await site.close();
      await work.cleanup();
    }
  });
});
