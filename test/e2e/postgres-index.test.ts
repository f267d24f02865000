import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DocumentTextCollector } from '../../src/components/extract/document-text-collector.js';
import { drain } from '../../src/components/extract/parse-budget.js';
import { ChangingSite } from '../support/changing-site.js';
import { crashKills } from '../support/crash-kills.js';
import { PostgresServer } from '../support/postgres-server.js';
import { requireServer } from '../support/require-server.js';
import { BIN, runCli, type CliResult } from '../support/run-cli.js';
import { seededRandom } from '../support/seeded-random.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const SEED = Number(process.env.CRASH_SEED ?? 20261126);
const CONTACT = 'https://example.org/contact';
const FAST = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0', 'crawlController.maxToeThreads=4'];

/** A ChangingSite on a loopback server: every path it may ever have is routed, pages answering after `delayMs`. */
/** A page's readable text, read as ExtractorDocument reads it (its own tests check how). */
function readableText(html: string): string {
  const collector = new DocumentTextCollector(1_000_000);
  drain(collector.steps(html, false));
  return collector.result().text;
}

async function serve(site: ChangingSite, paths: readonly string[], delayMs = 0): Promise<SiteServer> {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
  for (const p of paths) {
    const answer = site.route(p);
    routes[p] = delayMs ? (req, res) => void setTimeout(() => answer(req, res), delayMs) : answer;
  }
  return SiteServer.start(routes);
}

describe('the site-search profile: a site crawled by delta runs into a PostgreSQL index (the binary, a real PostgreSQL)', function () {
  this.timeout(300_000);
  let pg: PostgresServer;
  let work: { dir: string; cleanup(): Promise<void> };
  let tableNo = 0;

  before(async function () {
    requireServer(this, 'postgresql');
    pg = await PostgresServer.create();
  });
  after(async () => {
    await pg?.close();
  });
  beforeEach(async () => {
    work = await tempDir();
  });
  afterEach(async () => {
    await work.cleanup();
  });

  /** The crawl's environment: the database through the standard PG* variables only, as the profile says. */
  const env = () => ({ ...process.env, ...pg.env });

  /** A job of the site-search profile whose index is `table` (written in its bean file, where `search` reads it too). */
  async function createJob(seed: string, table: string, sets: readonly string[] = []): Promise<{ job: string; args: string[] }> {
    const job = join(work.dir, 'job');
    const created = await runCli(['create', job, '--profile', 'site-search', '--seed', seed, '--contact', CONTACT]);
    expect(created.code, created.stderr).to.equal(0);
    const beans = join(job, 'crawler-beans.xml');
    const xml = readFileSync(beans, 'utf8');
    expect(xml).to.include('index.table=documents\n');
    writeFileSync(beans, xml.replace('index.table=documents\n', `index.table=${table}\n`));
    return { job, args: [...FAST, ...sets].flatMap((s) => ['--set', s]) };
  }

  /** The table's rows as path → text, and how many rows there are (a duplicate URL cannot hide: it is the primary key). */
  async function indexOf(table: string, origin: string): Promise<Map<string, string>> {
    const rows = await pg.query<{ url: string; text: string; display_url: string }>(`SELECT url, text, display_url FROM ${table} ORDER BY url`);
    for (const r of rows) expect(r.display_url).to.equal(r.url);
    return new Map(rows.map((r) => [r.url.slice(origin.length), r.text]));
  }

  /** What the site has now, path → its text as the profile's ExtractorDocument reads it: what the index must hold after a run. */
  const siteNow = (site: ChangingSite) => new Map([...site.pages].filter(([, p]) => p.status === 200).map(([path, p]) => [path, readableText(p.body)]));

  const sorted = (m: Map<string, string>) => [...m].sort(([a], [b]) => a.localeCompare(b));

  it('fills the table on the first run; after edits, deletions and additions a delta run leaves exactly the site in it; beancrawl search finds ' +
    'what changed', async () => {
    const site = new ChangingSite();
    const paths = ['/', ...Array.from({ length: 25 }, (_, i) => `/p${i}`)];
    site.set('/', page('home', Array.from({ length: 20 }, (_, i) => `/p${i}`)));
    for (let i = 0; i < 20; i++) site.set(`/p${i}`, page(`page ${i}`, [], `<p>apple orchard number ${i}</p>`));
    const server = await serve(site, paths);
    try {
      const table = `pages_${++tableNo}`;
      const { job, args } = await createJob(`${server.origin}/`, table);
      const first = await runCli(['launch', job, ...args], { env: env(), timeoutMs: 60_000 });
      expect(first.code, first.stderr).to.equal(0);
      expect(sorted(await indexOf(table, server.origin))).to.deep.equal(sorted(siteNow(site)));

      for (let i = 1; i <= 4; i++) site.set(`/p${i}`, page(`page ${i}`, i === 1 ? ['/p20', '/p21'] : [], `<p>banana grove, edited ${i}</p>`));
      for (let i = 5; i <= 7; i++) site.pages.delete(`/p${i}`);
      site.set('/p20', page('page 20', [], '<p>banana split, new</p>'));
      site.set('/p21', page('page 21', [], '<p>cherry, new</p>'));
      const second = await runCli(['launch', job, ...args], { env: env(), timeoutMs: 60_000 });
      expect(second.code, second.stderr).to.equal(0);
      expect(sorted(await indexOf(table, server.origin))).to.deep.equal(sorted(siteNow(site)));

      const found = await runCli(['search', job, 'banana'], { env: env() });
      expect(found.code, found.stderr).to.equal(0);
      const lines = found.stdout.trim().split('\n');
      expect(lines.map((l) => l.split('\t')[0].slice(server.origin.length)).sort()).to.deep.equal(['/p1', '/p2', '/p20', '/p3', '/p4']);
      for (const line of lines) expect(line.split('\t')[2]).to.include('[banana]');
      const none = await runCli(['search', job, 'zeppelin'], { env: env() });
      expect([none.code, none.stdout]).to.deep.equal([0, '']);
    } finally {
      await server.close();
    }
  });

  it('says why it cannot search, in one located line: the table not made yet, the database unreachable', async () => {
    const { job } = await createJob('http://127.0.0.1:9/', 'never_crawled');
    const missing = await runCli(['search', job, 'anything'], { env: env() });
    expect(missing.code).to.equal(1);
    expect(missing.stderr).to.match(/error BC_INDEX_UNAVAILABLE: the index, table never_crawled at beancrawl@127\.0\.0\.1:\d+\/postgres \(bean "index"\), does not exist yet/);
    const down = await runCli(['search', job, 'anything'], { env: { ...env(), PGPORT: '9', PGPASSWORD: 'pw-never-shown' } });
    expect(down.code).to.equal(1);
    expect(down.stderr).to.match(/error BC_INDEX_UNAVAILABLE: cannot connect to the index, table never_crawled at beancrawl@127\.0\.0\.1:9\/postgres/);
    expect(down.stderr).not.to.match(/pw-never-shown|\n\s+at /);
  });

  it(`after SIGKILLs during delivery and a resume each time, the table is the site: every page once, as last fetched (${crashKills(8)} kills)`, async () => {
    const kills = crashKills(8);
    const next = seededRandom(SEED);
    const site = new ChangingSite();
    const PAGES = 120;
    const paths = ['/', ...Array.from({ length: PAGES + 10 }, (_, i) => `/p${i}`)];
    const children = (i: number) => [2 * i + 1, 2 * i + 2].filter((n) => n < PAGES);
    site.set('/', page('home', ['/p0']));
    for (let i = 0; i < PAGES; i++) site.set(`/p${i}`, page(`page ${i}`, children(i).map((n) => `/p${n}`), '<p>v1</p>'));
    // A few milliseconds a page, so that kills find delivery in every phase.
    const server = await serve(site, paths, 3);
    const table = `pages_${++tableNo}`;
    try {
      // Small batches applied at once, so that kills strike between a batch's commit and the store's.
      const { job, args } = await createJob(`${server.origin}/`, table, ['index.batchSize=7', 'index.maxBatchDelayMs=5']);
      let left = kills;
      const launchWithKills = async (share: number) => {
        for (let launches = 0; launches < 100; launches++) {
          const killing = left > 0 && share > 0;
          const result = await launch(job, args, env(), killing ? 5 + Math.floor(next() * 40) : undefined, server);
          if (result === 'killed') {
            left--;
            share--;
            continue;
          }
          expect(result.code, result.stderr).to.equal(0);
          if (/^FINISHED: /.test(result.stdout)) return;
        }
        throw new Error('the crawl did not finish within 100 launches');
      };
      await launchWithKills(Math.ceil(kills / 2));
      expect(sorted(await indexOf(table, server.origin))).to.deep.equal(sorted(siteNow(site)));

      for (let i = 60; i < 80; i++) site.set(`/p${i}`, page(`page ${i}`, children(i).map((n) => `/p${n}`), '<p>v2</p>'));
      for (let i = PAGES - 10; i < PAGES; i++) site.pages.delete(`/p${i}`);
      for (let i = PAGES; i < PAGES + 10; i++) site.set(`/p${i}`, page(`new page ${i}`));
      site.set('/p0', page('page 0', [...children(0), ...Array.from({ length: 10 }, (_, k) => PAGES + k)].map((n) => `/p${n}`), '<p>v2</p>'));
      await launchWithKills(left);
      expect(left, 'kills left unused').to.equal(0);
      expect(sorted(await indexOf(table, server.origin))).to.deep.equal(sorted(siteNow(site)));
      // Each batch applied once: what TABLE_batches keeps is bounded by what the store may still replay.
      const [{ n }] = await pg.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}_batches`);
      expect(Number(n), 'applied ids kept in the batches table').to.be.below(15);
    } finally {
      await server.close();
    }
  });

  it('with the database down mid-crawl: delivery waits with an alert, resumes when it is back, and nothing is dropped', async () => {
    const site = new ChangingSite();
    const PAGES = 60;
    const paths = ['/', ...Array.from({ length: PAGES }, (_, i) => `/p${i}`)];
    site.set('/', page('home', Array.from({ length: PAGES }, (_, i) => `/p${i}`)));
    for (let i = 0; i < PAGES; i++) site.set(`/p${i}`, page(`page ${i}`));
    const server = await serve(site, paths, 30);
    const table = `pages_${++tableNo}`;
    try {
      const { job, args } = await createJob(`${server.origin}/`, table, ['index.batchSize=3', 'index.maxBatchDelayMs=5', 'index.retryInitialDelayMs=50', 'index.retryMaxDelayMs=200']);
      const child = spawn(process.execPath, [BIN, 'launch', job, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: env() });
      const out = collect(child);
      const alerts = () => {
        const runs = existsSync(join(job, 'runs')) ? readdirSync(join(job, 'runs')) : [];
        return runs.map((r) => join(job, 'runs', r, 'logs', 'alerts.log')).filter(existsSync).map((f) => readFileSync(f, 'utf8')).join('');
      };
      try {
        const rows = async () => Number((await pg.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`).catch(() => [{ n: '0' }]))[0].n);
        await until(async () => {
          if (child.exitCode !== null) throw new Error(`the crawl ended (exit ${child.exitCode}) before the database was stopped: ${out.stderr()}`);
          return (await rows()) >= 6;
        }, 'the first rows in the table', { timeoutMs: 60_000, everyMs: 50 });
        await pg.stop();
        await until(() => /PostgresIndexReceiver index: could not apply a batch of \d+ change\(s\) to table \w+ at beancrawl@127\.0\.0\.1:\d+\/postgres \(.*\); delivery paused/.test(alerts()), 'the alert that delivery is paused', { timeoutMs: 60_000 });
        expect(child.exitCode, 'the crawl went on while the database was down').to.equal(null);
      } finally {
        await pg.start();
      }
      const code = await out.closed;
      expect(code, out.stderr()).to.equal(0);
      expect(alerts()).to.match(/delivery to table \w+ at .* resumed after \d+ failed attempt\(s\)/);
      expect(sorted(await indexOf(table, server.origin))).to.deep.equal(sorted(siteNow(site)));
    } finally {
      await server.close();
    }
  });
});

/** Launches the job; with `killAfter`, SIGKILLs it once the site has served that many more requests (unless it ended first). */
async function launch(job: string, args: readonly string[], env: NodeJS.ProcessEnv, killAfter: number | undefined, server: SiteServer): Promise<CliResult | 'killed'> {
  const child = spawn(process.execPath, [BIN, 'launch', job, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  const out = collect(child);
  if (killAfter !== undefined) {
    const before = server.requests.length;
    while (server.requests.length - before < killAfter && child.exitCode === null) await new Promise((r) => setTimeout(r, 3));
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await out.closed;
      return 'killed';
    }
  }
  const code = await out.closed;
  return { code, stdout: out.stdout(), stderr: out.stderr() };
}

/** A child's output as it comes, and its exit code once it has closed. */
function collect(child: ChildProcess): { stdout(): string; stderr(): string; closed: Promise<number | null> } {
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return { stdout: () => stdout, stderr: () => stderr, closed: new Promise((resolve) => child.on('close', resolve)) };
}
