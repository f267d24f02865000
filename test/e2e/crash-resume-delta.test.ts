import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChangingSite } from '../support/changing-site.js';
import { crashKills } from '../support/crash-kills.js';
import { BIN, runCli } from '../support/run-cli.js';
import { seededRandom } from '../support/seeded-random.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const PAGES = 400;
const KILLS = crashKills(12);
const SEED = Number(process.env.CRASH_SEED ?? 20261125);

/** Page i links to its children in a tree, so that a page no longer linked is reached only by the end-of-run check. */
const children = (i: number): number[] => [2 * i + 1, 2 * i + 2].filter((n) => n < PAGES);

describe('crash safety of a delta run: SIGKILL at random moments of the second run, then launch again (the binary)', function () {
  this.timeout(240_000);

  it(`reports each document exactly once, with the right kind, over ${KILLS} kills`, async () => {
    const site = new ChangingSite();
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
    const paths = ['/', ...Array.from({ length: PAGES + 10 }, (_, i) => `/p${i}`)];
    for (const p of paths) {
      const answer = site.route(p);
      // A few milliseconds a page, so that kills find the crawl in every phase.
      routes[p] = (req, res) => void setTimeout(() => answer(req, res), 3);
    }
    const server = await SiteServer.start(routes);
    const work = await tempDir();
    const next = seededRandom(SEED);
    const link = (i: number, extra: number[] = []) => page(`page ${i} v1`, [...children(i), ...extra].map((n) => `/p${n}`));
    site.set('/', page('home', ['/p0']));
    for (let i = 0; i < PAGES; i++) site.set(`/p${i}`, link(i));
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--profile', 'delta-recrawl', '--seed', `${server.origin}/`, '--contact', 'https://example.org/contact']);
      const sets = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0', 'crawlController.maxToeThreads=4'].flatMap((s) => ['--set', s]);
      const first = await runCli(['launch', job, ...sets]);
      expect(first.code, first.stderr).to.equal(0);
      const run1 = readdirSync(join(job, 'runs'));

      // Edit 30 pages (p10 now also links to ten new pages), delete 20 of the leaves (404) of
      // which the last 10 are no longer linked (their parents, p190…, are among the edited).
      const edited = Array.from({ length: 30 }, (_, i) => 180 + i);
      const added = Array.from({ length: 10 }, (_, i) => PAGES + i);
      const deleted = Array.from({ length: 20 }, (_, i) => PAGES - 20 + i);
      const unlinked = new Set(deleted.slice(10));
      for (const i of edited) {
        const kids = children(i).filter((n) => !unlinked.has(n));
        site.set(`/p${i}`, page(`page ${i} v2`, [...kids, ...(i === 180 ? added : [])].map((n) => `/p${n}`)));
      }
      for (const i of added) site.set(`/p${i}`, page(`new page ${i}`));
      for (const i of deleted) site.pages.delete(`/p${i}`);
      // The parents of the unlinked pages must be edited ones, or the test proves nothing.
      for (const i of unlinked) expect(edited).to.include(Math.floor((i - 1) / 2));

      let kills = 0;
      let finished = false;
      for (let launches = 0; !finished && launches < 100; launches++) {
        const child = spawn(process.execPath, [BIN, 'launch', job, ...sets], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
        const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
        if (kills < KILLS) {
          const before = server.requests.length;
          const requests = 5 + Math.floor(next() * 30);
          while (server.requests.length - before < requests && child.exitCode === null) await new Promise((r) => setTimeout(r, 3));
          if (child.exitCode === null) {
            child.kill('SIGKILL');
            kills++;
            await closed;
            continue;
          }
        }
        const code = await closed;
        expect(code, stderr).to.equal(0);
        finished = /^FINISHED: /.test(stdout);
      }
      expect(kills).to.equal(KILLS);
      expect(finished).to.equal(true);

      // The second run's folders: the one the kills began and those that continued it.
      const run2 = readdirSync(join(job, 'runs')).sort().filter((r) => !run1.includes(r));
      expect(run2.length).to.be.at.least(KILLS);
      const events = run2.flatMap((r) => {
        const file = join(job, 'runs', r, 'documents.jsonl');
        return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { kind: string; url: string }) : [];
      });
      const path = (u: string) => new URL(u).pathname;
      const urls = events.map((e) => path(e.url));
      const twice = urls.filter((u, i) => urls.indexOf(u) !== i);
      expect(twice, 'documents reported more than once').to.deep.equal([]);
      const of = (kind: string) => events.filter((e) => e.kind === kind).map((e) => path(e.url)).sort();
      const names = (list: number[]) => list.map((i) => `/p${i}`).sort();
      expect(of('changed')).to.deep.equal(names(edited));
      expect(of('new')).to.deep.equal(names(added));
      expect(of('deleted')).to.deep.equal(names(deleted));
      const rest = ['/', ...Array.from({ length: PAGES }, (_, i) => i).filter((i) => !edited.includes(i) && !deleted.includes(i)).map((i) => `/p${i}`)].sort();
      expect(of('unchanged')).to.deep.equal(rest);
    } finally {
      await server.close();
      await work.cleanup();
    }
  });
});
