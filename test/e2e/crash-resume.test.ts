import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crashKills } from '../support/crash-kills.js';
import { parseCrawlLog } from '../support/crawl-job.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { seededRandom } from '../support/seeded-random.js';
import { tempDir } from '../support/temp-dir.js';
import { field, readWarcFile } from '../support/warc-reader.js';

const PAGES = 1500;
const KILLS = crashKills(22);
const SEED = Number(process.env.CRASH_SEED ?? 20261122);
/** Ways a launch is stopped. */
const MODES = ['start-up kill', 'ctrl-c', 'ctrl-c, then kill', 'ctrl-c twice', 'kill'] as const;

/** A way drawn with weights 2, 1, 1, 1, 5 in ten. */
function pick(r: number): (typeof MODES)[number] {
  const tenth = Math.floor(r * 10);
  return tenth < 2 ? 'start-up kill' : tenth < 3 ? 'ctrl-c' : tenth < 4 ? 'ctrl-c, then kill' : tenth < 5 ? 'ctrl-c twice' : 'kill';
}

/** Every page links to its two children in a tree and to two others, so most links are rediscoveries. */
function site(): Record<string, Route> {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', ['/p0']) } };
  for (let i = 0; i < PAGES; i++) {
    const links = [2 * i + 1, 2 * i + 2, (i * 7 + 3) % PAGES, (i * 13 + 5) % PAGES].filter((n) => n < PAGES).map((n) => `/p${n}`);
    routes[`/p${i}`] = { body: page(`page ${i}`, links), delayMs: 8 };
  }
  return routes;
}

function runFolders(job: string): string[] {
  return readdirSync(join(job, 'runs')).sort().map((r) => join(job, 'runs', r));
}

function read(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

describe('crash safety: SIGKILL at random moments, then launch again (the binary)', function () {
  this.timeout(240_000);

  it(`loses nothing over ${KILLS} kills and some Ctrl-Cs (one, two, one then a kill): every page once in crawl.log and documents.jsonl, at most ` +
    `two fetches a page, reports agree, WARCs read back; the uniq filter's fingerprints mostly in its spill file`, async () => {
    const server = await SiteServer.start(site());
    const work = await tempDir();
    const next = seededRandom(SEED);
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--profile', 'default', '--seed', `${server.origin}/`, '--contact', 'https://example.org/contact']);
      // The uniq filter keeps 300 fingerprints in memory, the rest in its spill file: most rediscoveries are answered by a read.
      const sets = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0', 'crawlController.maxToeThreads=4', 'uriUniqFilter.maxFingerprintsInMemory=300'].flatMap((s) => ['--set', s]);
      let kills = 0;
      const interruptions: string[] = [];
      let finished = false;
      let launches = 0;
      /** The shortest start-up seen (spawn to first request); a start-up kill comes within it. */
      let startUpMs = 400;
      /** Per launch: where its requests begin in server.requests, and how it ended. */
      const history: Array<{ from: number; how: string }> = [];
      while (!finished && launches < 200) {
        launches++;
        history.push({ from: server.requests.length, how: 'ran to the end' });
        const child = spawn(process.execPath, [BIN, 'launch', job, ...sets], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        let stdout = '';
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
        child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
        const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
        const spawned = Date.now();
        const before = server.requests.length;
        // How long start-up takes (spawn to first request), for the next start-up kill's moment.
        void (async () => {
          while (server.requests.length === before && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
          if (server.requests.length > before) startUpMs = Math.min(startUpMs, Date.now() - spawned);
        })();
        if (kills < KILLS) {
          // Where the crawl is stopped: during start-up (verify, opening the state, the run folder:
          // a moment within the shortest start-up seen so far), or once it has made 15 to 60
          // requests: by SIGKILL, by Ctrl-C (a graceful stop), by Ctrl-C then SIGKILL during the
          // stop (the final flush), or by Ctrl-C twice (exit at once).
          // The first five launches try each way once; the rest are drawn.
          let mode = launches <= MODES.length ? MODES[launches - 1] : pick(next());
          const delayMs = Math.floor(next() * startUpMs);
          const requests = 15 + Math.floor(next() * 45);
          const afterMs = Math.floor(next() * 150);
          const progress = async () => {
            while (server.requests.length - before < requests && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
          };
          const due = mode === 'start-up kill'
            ? (async () => {
                await new Promise((r) => setTimeout(r, delayMs));
                // A start-up kill that comes after the first request is no start-up kill: it becomes
                // an ordinary one, with the same progress first, so that the URIs the last kill left
                // in flight are done before they can be in flight at another kill.
                if (server.requests.length > before) {
                  mode = 'kill';
                  await progress();
                }
              })()
            : progress();
          const outcome = await Promise.race([due.then(() => 'due' as const), closed.then(() => 'closed' as const)]);
          if (outcome === 'due' && child.exitCode === null) {
            if (mode.startsWith('ctrl-c')) {
              child.kill('SIGINT');
              if (mode !== 'ctrl-c') await new Promise((r) => setTimeout(r, mode === 'ctrl-c twice' ? afterMs / 3 : afterMs));
            }
            if (mode.endsWith('kill') && child.exitCode === null) {
              child.kill('SIGKILL');
              kills++;
            } else if (mode === 'ctrl-c twice' && child.exitCode === null) child.kill('SIGINT');
            interruptions.push(mode);
            history[history.length - 1].how = mode;
            const code = await closed;
            if (mode === 'ctrl-c' && code === 0 && /^FINISHED: /.test(stdout)) finished = true;
            else if (mode === 'ctrl-c') expect(code, stderr).to.equal(4); // interrupted: the next launch resumes
            continue;
          }
        }
        const code = await closed;
        expect(code, stderr).to.equal(0);
        finished = /^FINISHED: /.test(stdout);
      }
      // Every kill comes, unless the crawl finishes first, which only a long loop can reach.
      expect(kills, interruptions.join(', ')).to.be.at.least(Math.min(KILLS, 20));
      // The first five launches try each way once, as long as kills remain: with three or more, they do.
      if (KILLS >= 3) expect(new Set(interruptions).size, interruptions.join(', ')).to.equal(5);
      expect(finished).to.equal(true);

      const runs = runFolders(job);
      const entries = runs.flatMap((r) => parseCrawlLog(read(join(r, 'logs', 'crawl.log'))));
      const pages = new Set(['/', ...Array.from({ length: PAGES }, (_, i) => `/p${i}`)]);
      const path = (u: string) => new URL(u).pathname;
      const ok = entries.filter((e) => e.status >= 200 && e.status < 300 && e.uri.startsWith('http'));
      // Every page was crawled, and the logs of all runs together hold each exactly once.
      expect(new Set(ok.map((e) => path(e.uri)))).to.deep.equal(pages);
      expect(ok.length).to.equal(pages.size);
      const fetches = new Map<string, number>();
      for (const r of server.requests) fetches.set(r.path, (fetches.get(r.path) ?? 0) + 1);
      // robots.txt too: what the crawl knew of the host is kept across launches.
      const over = [...fetches].filter(([p, n]) => (pages.has(p) || p === '/robots.txt') && n > 2);
      // On failure: which launches asked for each such page, and how each of those launches ended.
      const launchOf = (i: number) => history.findLastIndex((h) => h.from <= i);
      const story = over.map(([p]) => `${p}: ${server.requests.flatMap((r, i) => (r.path === p ? [`launch ${launchOf(i) + 1} ` +
        `(${history[launchOf(i)].how}, request ${i - history[launchOf(i)].from + 1} of it)`] : [])).join(', ')}`);
      expect(over, `pages fetched more than twice\n${story.join('\n')}`).to.deep.equal([]);

      // The reports of the last run count every run: as many URIs as the logs hold.
      const report = read(join(job, 'latest', 'reports', 'crawl-report.txt'));
      expect(report).to.match(/crawl status: Finished/);
      expect(Number(/URIs processed: (\d+)/.exec(report)![1])).to.equal(entries.length);
      expect(Number(/URI successes: (\d+)/.exec(report)![1])).to.equal(entries.filter((e) => e.status > 0).length);

      // documents.jsonl: one line per page over all runs.
      const docs = runs.flatMap((r) => read(join(r, 'documents.jsonl')).split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { url: string }).url));
      expect(docs.filter((u) => u.startsWith('http')).map(path).sort()).to.deep.equal([...pages].sort());

      // WARCs: none left open; every file reads back; each page has a response record.
      const responses = new Set<string>();
      const twice: string[] = [];
      for (const r of runs) {
        const dir = join(r, 'warcs');
        for (const name of existsSync(dir) ? readdirSync(dir) : []) {
          expect(name).to.not.match(/\.open$/);
          if (!name.endsWith('.warc.gz')) continue;
          for (const record of await readWarcFile(join(dir, name))) {
            const target = field(record, 'WARC-Target-URI');
            if (field(record, 'WARC-Type') !== 'response' || !target?.startsWith('http')) continue;
            if (responses.has(path(target))) twice.push(path(target));
            responses.add(path(target));
          }
        }
      }
      for (const p of pages) expect(responses.has(p), `a response record for ${p}`).to.equal(true);
      // Records written and committed are not written again when their URI is done again after a kill.
      expect(twice, 'pages with two response records').to.deep.equal([]);
      expect(existsSync(join(job, 'latest', 'continues'))).to.equal(true);
      // The last launch stopped cleanly: it removed its spill file, and its start removed those the kills left.
      expect(readdirSync(join(job, 'scratch')).filter((f) => f.endsWith('.fps'))).to.deep.equal([]);
    } finally {
      await server.close();
      await work.cleanup();
    }
  });
});
