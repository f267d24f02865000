import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { ClassicLevel } from 'classic-level';
import { existsSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { FORMAT_KEY, META_SUBLEVEL, STATE_FORMAT } from '../../src/components/state/state-format.js';
import { parseCrawlLog } from '../support/crawl-job.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { skipBecause } from '../support/skip-because.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const FAST = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'];

describe('beancrawl create, launch and crawl (the binary)', function () {
  this.timeout(60000);
  let site: SiteServer;
  let work: Awaited<ReturnType<typeof tempDir>>;

  before(async () => {
    const routes: Record<string, { body: string; headers?: Record<string, string> }> = {
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /admin/\n' },
      '/': { body: page('docs', ['guide/', 'api/', '/admin/']) },
      '/guide/': { body: page('guide', ['one.html', 'two.html', '../api/']) },
      '/guide/one.html': { body: page('one', ['two.html']) },
      '/guide/two.html': { body: page('two', ['/']) },
      '/api/': { body: page('api', ['index.html']) },
      '/api/index.html': { body: page('api index') },
    };
    site = await SiteServer.start(routes);
    work = await tempDir();
  });
  after(async () => {
    await site.close();
    await work.cleanup();
  });

  it('create writes a job that verifies with no edit when given seeds and a contact URL', async () => {
    const job = join(work.dir, 'docs-job');
    const r = await runCli(['create', job, '--profile', 'default', '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.contain('verified');
    const v = await runCli(['verify', job]);
    expect(v.code, v.stderr).to.equal(0);
  });

  it('create refuses a folder that is not empty, and an unknown profile', async () => {
    const job = join(work.dir, 'docs-job');
    const again = await runCli(['create', job, '--profile', 'default']);
    expect(again.code, again.stderr).to.equal(1);
    expect(again.stderr).to.contain('error BC_JOB_EXISTS');
    const unknown = await runCli(['create', join(work.dir, 'other'), '--profile', 'no-such-profile']);
    expect(unknown.stderr).to.contain('error BC_PROFILE_UNKNOWN').and.contain('site-mirror');
  });

  it('launch crawls the site completely, writes runs/<timestamp>/logs/crawl.log and points latest at it', async () => {
    const job = join(work.dir, 'docs-job');
    const r = await runCli(['launch', job, ...FAST]);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/^FINISHED: /);
    const latest = readlinkSync(join(job, 'latest'));
    expect(latest).to.match(/^runs\/\d{17}$/);
    expect(existsSync(join(job, latest, 'crawler-beans.xml'))).to.equal(true);
    const log = parseCrawlLog(readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8'));
    const fetched = log.filter((e) => e.status === 200).map((e) => new URL(e.uri).pathname).sort();
    expect(fetched).to.deep.equal(['/', '/api/', '/api/index.html', '/guide/', '/guide/one.html', '/guide/two.html', '/robots.txt']);
    expect(site.paths()).not.to.include('/admin/');
  });

  it('launch again makes a second run folder that crawls from the seeds again', async () => {
    const job = join(work.dir, 'docs-job');
    const first = readlinkSync(join(job, 'latest'));
    const r = await runCli(['launch', job, ...FAST]);
    expect(r.code, r.stderr).to.equal(0);
    expect(readlinkSync(join(job, 'latest'))).not.to.equal(first);
    const log = parseCrawlLog(readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8'));
    expect(log.filter((e) => e.status === 200)).to.have.length(7);
  });

  it('launch refuses a job with errors, exit 1, and starts nothing', async () => {
    const job = join(work.dir, 'broken-job');
    await runCli(['create', job, '--profile', 'default', '--seed', `${site.origin}/`]);
    const r = await runCli(['launch', job]);
    expect(r.code, r.stderr).to.equal(1);
    expect(r.stderr).to.contain('error BC_BEAN_INVALID');
    expect(existsSync(join(job, 'runs'))).to.equal(false);
  });

  it('create without --seed says the job cannot launch yet, naming the seed line; launch refuses the placeholder seed, exit 1', async () => {
    const job = join(work.dir, 'placeholder-job');
    const created = await runCli(['create', job, '--profile', 'default', '--contact', 'https://example.org/contact']);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.not.contain('verified');
    const said = created.stderr.split('\n');
    expect(said[0]).to.equal(`${job} cannot be launched yet; edit what these lines say:`);
    expect(said[1]).to.match(/crawler-beans\.xml:35:1: warning BC_SEED_PLACEHOLDER: bean "seeds" property "textSource": seed "http:\/\/example\.example\/example" is the profile's placeholder: replace this line with your seeds/);
    const v = await runCli(['verify', job]);
    expect(v.code, v.stderr).to.equal(0);
    expect(v.stderr).to.contain('warning BC_SEED_PLACEHOLDER');
    const r = await runCli(['launch', job]);
    expect(r.code, r.stderr).to.equal(1);
    expect(r.stderr).to.match(/crawler-beans\.xml:35:1: error BC_SEED_PLACEHOLDER: /);
    expect(existsSync(join(job, 'runs'))).to.equal(false);
  });

  it('crawl creates and launches in one step', async () => {
    const job = join(work.dir, 'one-step');
    const r = await runCli(['crawl', `${site.origin}/guide/`, '--contact', 'https://example.org/contact', '--job', job, ...FAST]);
    expect(r.code, r.stderr).to.equal(0);
    const log = parseCrawlLog(readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8'));
    expect(log.filter((e) => e.status === 200).map((e) => new URL(e.uri).pathname)).to.include.members(['/guide/', '/guide/one.html', '/guide/two.html']);
  });

  it('crawl keeps what it crawls (WARC files, a mirror) and says where; the same command again crawls in the same job', async () => {
    const cwd = join(work.dir, 'crawl-here');
    await mkdir(cwd, { recursive: true });
    const args = ['crawl', `${site.origin}/guide/`, '--contact', 'https://example.org/contact', ...FAST];
    const r = await runCli(args, { cwd, timeoutMs: 30000 });
    expect(r.code, r.stderr).to.equal(0);
    const job = join(cwd, 'jobs', new URL(site.origin).host.replace(':', '_'));
    expect(r.stdout).to.match(/^WARC files: jobs\/\S+\/runs\/\d{17}\/warcs$/m).and.match(/^mirror: jobs\/\S+\/mirror$/m).and.match(/^crawl\.log: /m);
    expect(readFileSync(join(job, 'mirror', `http_127.0.0.1_${new URL(site.origin).port}`, 'guide', 'index.html'), 'utf8')).to.contain('guide');
    const again = await runCli(args, { cwd, timeoutMs: 30000 });
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stderr).to.contain(`crawling again in jobs/${new URL(site.origin).host.replace(':', '_')}`);
  });

  it('crawl without --contact prints the error once and leaves no job folder', async () => {
    const cwd = join(work.dir, 'no-contact');
    await mkdir(cwd, { recursive: true });
    const r = await runCli(['crawl', `${site.origin}/`], { cwd });
    expect(r.code, r.stderr).to.equal(1);
    expect(r.stderr.split('\n').filter((l) => l.includes('error BC_BEAN_INVALID'))).to.have.length(1);
    expect(r.stderr).to.contain('operatorContactUrl').and.contain('no job folder was kept');
    expect(existsSync(join(cwd, 'jobs', new URL(site.origin).host.replace(':', '_')))).to.equal(false);
  });

  it('exits 3 when not one seed could be crawled, and 0 when a seed answered, even with a 404', async () => {
    const closed = await SiteServer.start({});
    const deadOrigin = closed.origin;
    await closed.close();
    const dead = join(work.dir, 'dead-seed');
    await runCli(['create', dead, '--seed', `${deadOrigin}/`, '--contact', 'https://example.org/contact']);
    const r = await runCli(['launch', dead, ...FAST, '--set', 'frontier.maxRetries=0']);
    expect(r.code, r.stderr).to.equal(3);
    expect(r.stdout).to.match(/^FINISHED: /);
    expect(r.stderr).to.contain('not one seed could be crawled');

    const missing = join(work.dir, 'missing-seed');
    await runCli(['create', missing, '--seed', `${site.origin}/no-such-page`, '--contact', 'https://example.org/contact']);
    const m = await runCli(['launch', missing, ...FAST]);
    expect(m.code, m.stderr).to.equal(0);
    expect(m.stderr).not.to.contain('not one seed');
  });
});

describe('beancrawl launch and Ctrl-C (the binary)', function () {
  this.timeout(60000);

  it('stops cleanly on SIGINT: URIs in flight finish, exit code 4, exit status INTERRUPTED (the next launch resumes)', async () => {
    const routes: Record<string, Route> = { '/': { body: page('home', Array.from({ length: 50 }, (_, i) => `/p${i}`)) } };
    for (let i = 0; i < 50; i++) routes[`/p${i}`] = { body: page(`p${i}`) };
    const site = await SiteServer.start({ '/robots.txt': { status: 404 }, ...routes });
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      const child = spawn(process.execPath, [BIN, 'launch', job, '--set', 'disposition.minDelayMs=200', '--set', 'disposition.maxDelayMs=200'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      await until(() => site.requests.length >= 4, 'four requests');
      child.kill('SIGINT');
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, stderr).to.equal(4);
      // The summary says the run did not finish, and what the next launch does; never "finished" of it.
      expect(stdout).to.match(/^INTERRUPTED: [\d.]+ URIs\/s, \d+ queued, .*, \d+ s\nnot finished: interrupted \(Ctrl-C or SIGTERM\); the next launch resumes it\n/);
      expect(stdout).to.not.match(/: finished/);
      expect(site.requests.length).to.be.below(20);
      const first = realpathSync(join(job, 'latest'));
      const log = parseCrawlLog(readFileSync(join(first, 'logs', 'crawl.log'), 'utf8'));
      expect(log.length).to.be.at.least(3);

      // The next launch resumes: it says so, links its run folder to the first, and does only what was left.
      const before = site.requests.length;
      const resumed = await runCli(['launch', job, ...FAST]);
      expect(resumed.code, resumed.stderr).to.equal(0);
      expect(resumed.stderr).to.contain(`resuming the unfinished run ${relative(job, first)}`);
      expect(resumed.stdout).to.match(/^FINISHED: /);
      expect(realpathSync(join(job, 'latest', 'continues'))).to.equal(first);
      const pages = ['/', ...Array.from({ length: 50 }, (_, i) => `/p${i}`)];
      const ok = [first, join(job, 'latest')].flatMap((r) => parseCrawlLog(readFileSync(join(r, 'logs', 'crawl.log'), 'utf8')))
        .filter((e) => e.status === 200).map((e) => new URL(e.uri).pathname);
      expect(ok.sort()).to.deep.equal(pages.slice().sort());
      // A graceful stop left nothing in flight: no page was fetched twice.
      const fetched = site.paths().filter((p) => p !== '/robots.txt');
      expect(fetched.length).to.equal(new Set(fetched).size);
      expect(site.requests.length).to.be.above(before);
    } finally {
      await site.close();
      await work.cleanup();
    }
  });
});

describe('beancrawl launch --fresh (the binary)', function () {
  this.timeout(60000);

  it('drops an unfinished run and starts a new one from the seeds', async () => {
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', Array.from({ length: 30 }, (_, i) => `/p${i}`)) } };
    for (let i = 0; i < 30; i++) routes[`/p${i}`] = { body: page(`p${i}`), delayMs: 20 };
    const site = await SiteServer.start(routes);
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      const child = spawn(process.execPath, [BIN, 'launch', job, ...FAST, '--set', 'crawlController.maxToeThreads=1'], { stdio: 'ignore' });
      await until(() => site.requests.length >= 5, 'five requests');
      child.kill('SIGKILL');
      await new Promise((resolve) => child.on('close', resolve));
      const killed = realpathSync(join(job, 'latest'));
      const fresh = await runCli(['launch', job, '--fresh', ...FAST]);
      expect(fresh.code, fresh.stderr).to.equal(0);
      expect(fresh.stderr).to.contain(`--fresh: the unfinished run ${relative(job, killed)} is dropped`);
      expect(existsSync(join(job, 'latest', 'continues'))).to.equal(false);
      const ok = parseCrawlLog(readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8')).filter((e) => e.status === 200);
      expect(ok.map((e) => new URL(e.uri).pathname).sort()).to.deep.equal(['/', ...Array.from({ length: 30 }, (_, i) => `/p${i}`)].sort());
    } finally {
      await site.close();
      await work.cleanup();
    }
  });
});

describe('beancrawl launch on a job whose state cannot be used (the binary)', function () {
  this.timeout(60000);

  it('refuses a state folder that is not a beancrawl state, naming it, and never starts over silently', async () => {
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', 'http://127.0.0.1:9/', '--contact', 'https://example.org/contact']);
      await mkdir(join(job, 'state'));
      await writeFile(join(job, 'state', 'notes.txt'), 'mine\n');
      const r = await runCli(['launch', job]);
      expect(r.code, r.stderr).to.equal(1);
      expect(r.stderr).to.contain('error BC_STATE_FOREIGN');
      expect(r.stderr).to.contain(join(job, 'state'));
      expect(readFileSync(join(job, 'state', 'notes.txt'), 'utf8')).to.equal('mine\n');
      expect(existsSync(join(job, 'runs'))).to.equal(false);
    } finally {
      await work.cleanup();
    }
  });

  it('refuses a state written in another state format, naming the version that wrote it, and leaves it as it was', async () => {
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', 'http://127.0.0.1:9/', '--contact', 'https://example.org/contact']);
      const db = new ClassicLevel<string, string>(join(job, 'state'), { keyEncoding: 'utf8', valueEncoding: 'utf8' });
      await db.open();
      const stamp = JSON.stringify({ format: STATE_FORMAT + 1, createdBy: '9.0.0' });
      await db.sublevel<string, string>(META_SUBLEVEL, { valueEncoding: 'utf8' }).put(FORMAT_KEY, stamp);
      await db.close();
      for (const args of [[], ['--fresh']]) {
        const r = await runCli(['launch', job, ...args]);
        expect(r.code, r.stderr).to.equal(1);
        expect(r.stderr).to.contain('error BC_STATE_VERSION');
        expect(r.stderr).to.contain(join(job, 'state'));
        expect(r.stderr).to.contain('9.0.0');
        expect(r.stderr).to.not.contain('    at ');
      }
      expect(existsSync(join(job, 'runs'))).to.equal(false);
      const again = new ClassicLevel<string, string>(join(job, 'state'), { keyEncoding: 'utf8', valueEncoding: 'utf8' });
      await again.open();
      expect(await again.sublevel<string, string>(META_SUBLEVEL, { valueEncoding: 'utf8' }).get(FORMAT_KEY)).to.equal(stamp);
      await again.close();
    } finally {
      await work.cleanup();
    }
  });

  it('refuses a state folder on a read-only file system as unwritable, not corrupt', async function () {
    const work = await tempDir();
    const state = join(work.dir, 'job', 'state');
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', 'http://127.0.0.1:9/', '--contact', 'https://example.org/contact']);
      await mkdir(state, { recursive: true });
      if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,ro', 'tmpfs', state]).status !== 0) skipBecause(this, 'mounting a tmpfs needs root');
      const r = await runCli(['launch', job]);
      expect(r.code, r.stderr).to.equal(1);
      expect(r.stderr).to.contain('error BC_STATE_UNWRITABLE');
      expect(r.stderr).to.contain(state);
      expect(r.stderr).to.not.contain('internal error');
    } finally {
      spawnSync('umount', [state]);
      await work.cleanup();
    }
  });
});
