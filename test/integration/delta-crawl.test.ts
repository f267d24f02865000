import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchJob } from '../../src/job/launch-job.js';
import { ChangingSite } from '../support/changing-site.js';
import { fastSets } from '../support/crawl-job.js';
import { deltaFileSystemProfile } from '../support/delta-file-system-profile.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { field, readWarcFile } from '../support/warc-reader.js';

interface Event { kind: string; url: string }

const N = 20;

describe('delta crawls: new, changed, unchanged and deleted from run to run (integration)', function () {
  this.timeout(120_000);

  it('reports exactly what changed on the second and third runs, and downloads only changed bodies', async () => {
    const site = new ChangingSite();
    const paths = ['/', '/parent', '/child', ...Array.from({ length: N + 1 }, (_, i) => `/p${i}`)];
    const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
    for (const p of paths) routes[p] = site.route(p);
    const a = await SiteServer.start(routes);
    // A second host whose robots.txt fails in run 3.
    let robotsB = 404;
    const b = await SiteServer.start({ '/robots.txt': (_req, res) => res.writeHead(robotsB).end(), '/b': { body: page('b'), headers: { etag: '"b"' } } });
    site.set('/', page('home', ['/parent', ...Array.from({ length: N }, (_, i) => `/p${i}`), `${b.origin}/b`]));
    site.set('/parent', page('parent', ['/child']));
    site.set('/child', page('child'));
    for (let i = 0; i < N; i++) site.set(`/p${i}`, page(`p${i} version 1`));
    const beans = readFileSync(join(REPO_ROOT, 'profiles', 'delta-recrawl.xml'), 'utf8');
    const job = await tempDir({ 'crawler-beans.xml': beans });
    const sets = fastSets([`${a.origin}/`, `${b.origin}/b`], ['frontier.retryDelaySeconds=0', 'frontier.maxRetries=1']).map((s) => s.replace(/\\n/g, '\n'));
    const run = async (more: string[] = []): Promise<Map<string, string[]>> => {
      const result = await launchJob(job.dir, { sets: [...sets, ...more] });
      expect(result.exitStatus).to.equal('FINISHED');
      const file = join(job.dir, result.runDir, 'documents.jsonl');
      const events = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event);
      const byKind = new Map<string, string[]>();
      for (const e of events) byKind.set(e.kind, [...(byKind.get(e.kind) ?? []), e.url.replace(a.origin, '').replace(b.origin, 'B')].sort());
      // Every document exactly once.
      expect(events.length).to.equal(new Set(events.map((e) => e.url)).size);
      // The summary's counts (the controller's tally) are the documents as the receivers heard of them.
      const delta = result.controller.progress().delta!;
      for (const kind of ['new', 'changed', 'unchanged', 'deleted'] as const) expect(delta[kind], kind).to.equal(byKind.get(kind)?.length ?? 0);
      return byKind;
    };
    const all = (list: string[]) => list.slice().sort();
    try {
      const first = await run();
      expect([...first.keys()]).to.deep.equal(['new']);
      expect(first.get('new')).to.deep.equal(all(['/', '/parent', '/child', ...Array.from({ length: N }, (_, i) => `/p${i}`), 'B/b']));

      // Edit three pages (one now links to a new page), delete two (404 and 410), add one.
      site.set('/p0', page('p0 version 2', ['/p20']));
      site.set('/p1', page('p1 version 2'));
      site.set('/p2', page('p2 version 2'));
      site.pages.delete('/p3');
      site.set('/p4', '', 410);
      site.set('/p20', page('p20'));
      site.bodies = [];
      const second = await run();
      expect(second.get('changed')).to.deep.equal(all(['/p0', '/p1', '/p2']));
      expect(second.get('deleted')).to.deep.equal(all(['/p3', '/p4']));
      expect(second.get('new')).to.deep.equal(['/p20']);
      expect(second.get('unchanged')).to.deep.equal(all(['/', '/parent', '/child', ...Array.from({ length: N - 5 }, (_, i) => `/p${i + 5}`), 'B/b']));
      // Bodies only for the changed and new pages: the others answered 304.
      expect(site.bodies.sort()).to.deep.equal(all(['/p0', '/p1', '/p2', '/p20']));
      const report = readFileSync(join(job.dir, 'latest', 'reports', 'crawl-report.txt'), 'utf8');
      expect(report).to.contain(`not-modified URIs: ${3 + N - 5}`);
      expect(report).to.contain('duplicate-by-hash URIs: 1');
      // Unchanged documents are revisit records in the WARC files: 304s and the identical payload of host B.
      const profiles: string[] = [];
      const warcs = join(job.dir, 'latest', 'warcs');
      for (const name of readdirSync(warcs)) {
        for (const r of await readWarcFile(join(warcs, name))) {
          if (field(r, 'WARC-Type') !== 'revisit') continue;
          const profile = field(r, 'WARC-Profile')!.replace(/.*\//, '');
          profiles.push(profile);
          // As Heritrix's RevisitRecordBuilder: a 304 keeps nothing (an empty block), an identical payload its head; both truncated by length.
          expect(field(r, 'WARC-Truncated')).to.equal('length');
          if (profile === 'server-not-modified') expect([field(r, 'Content-Length'), r.block.length]).to.deep.equal(['0', 0]);
          else expect(r.block.toString('latin1')).to.match(/^HTTP\/1\.1 200 [^\r]*\r\n[\s\S]*\r\n\r\n$/);
        }
      }
      expect(profiles.filter((p) => p === 'server-not-modified')).to.have.length(3 + N - 5);
      expect(profiles.filter((p) => p === 'identical-payload-digest')).to.have.length(1);

      // The parent breaks (its child is no longer linked from anywhere), host B's robots.txt fails.
      site.set('/parent', '', 500);
      robotsB = 503;
      site.bodies = [];
      const third = await run();
      expect(third.get('deleted') ?? []).to.deep.equal([]);
      expect(third.get('changed') ?? []).to.deep.equal([]);
      expect(third.get('new') ?? []).to.deep.equal([]);
      expect(third.get('unchanged')).to.deep.equal(all(['/', '/parent', '/child', '/p0', '/p1', '/p2', '/p20', ...Array.from({ length: N - 5 }, (_, i) => `/p${i + 5}`), 'B/b']));
      expect(site.bodies).to.deep.equal([]);

      // Deleting 8 of 23 documents trips the breaker (more than 20%): nothing is reported deleted.
      robotsB = 404;
      site.set('/parent', page('parent', ['/child']));
      for (let i = 5; i < 13; i++) site.pages.delete(`/p${i}`);
      const fourth = await run();
      expect(fourth.get('deleted') ?? []).to.deep.equal([]);
      const latest = join(job.dir, 'latest');
      // Said once in alerts.log; the documents withheld answered 404, so they are not reported unchanged either.
      expect(readFileSync(join(latest, 'logs', 'alerts.log'), 'utf8').match(/circuit breaker: 8 of 23 documents/g)).to.have.length(1);
      expect(readFileSync(join(latest, 'deletions-withheld.txt'), 'utf8').split('\n').filter(Boolean)).to.have.length(8);
      const left = ['/', '/parent', '/child', '/p0', '/p1', '/p2', '/p20', ...Array.from({ length: N - 13 }, (_, i) => `/p${i + 13}`), 'B/b'];
      expect(fourth.get('unchanged')).to.deep.equal(all(left));

      // A dry run lists them and reports nothing; a run with the breaker opened deletes them.
      const dry = await run(['fetchHistory.dryRunDeletes=true', 'fetchHistory.maxDeletePercent=100']);
      expect(dry.get('deleted') ?? []).to.deep.equal([]);
      expect(dry.get('unchanged')).to.deep.equal(all(left));
      expect(readFileSync(join(latest, 'deletions-withheld.txt'), 'utf8').split('\n').filter(Boolean)).to.have.length(8);
      const wet = await run(['fetchHistory.maxDeletePercent=100']);
      expect(wet.get('deleted')).to.deep.equal(all(Array.from({ length: 8 }, (_, i) => `/p${i + 5}`)));
      expect(existsSync(join(job.dir, 'latest', 'deletions-withheld.txt'))).to.equal(false);
    } finally {
      await a.close();
      await b.close();
      await job.cleanup();
    }
  });

  it('does the same for a folder that changes between runs (file:, by modification time, size and digest)', async () => {
    const work = await tempDir({ 'tree/a.txt': 'a', 'tree/b.txt': 'b', 'tree/sub/c.txt': 'c', 'tree/sub/d.txt': 'd' });
    const profile = deltaFileSystemProfile(50);
    const job = await tempDir({ 'crawler-beans.xml': profile });
    const root = pathToFileURL(join(work.dir, 'tree')).href + '/';
    const run = async (more: string[] = []): Promise<Map<string, string[]>> => {
      const result = await launchJob(job.dir, { sets: [`seeds.textSource.value=${root}`, 'metadata.operatorContactUrl=http://example.org/contact', ...more] });
      expect(result.exitStatus).to.equal('FINISHED');
      const events = readFileSync(join(job.dir, result.runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event);
      const byKind = new Map<string, string[]>();
      for (const e of events) byKind.set(e.kind, [...(byKind.get(e.kind) ?? []), e.url.slice(root.length) || '/'].sort());
      return byKind;
    };
    try {
      const first = await run();
      // Folders are listings: their files are documents, they are not.
      expect(first.get('new')).to.deep.equal(['a.txt', 'b.txt', 'sub/c.txt', 'sub/d.txt']);
      // Edit one file (a later modification time), delete one, add one.
      await writeFile(join(work.dir, 'tree', 'a.txt'), 'a, edited');
      await utimes(join(work.dir, 'tree', 'a.txt'), new Date(), new Date(Date.now() + 60_000));
      await rm(join(work.dir, 'tree', 'sub', 'd.txt'));
      await writeFile(join(work.dir, 'tree', 'sub', 'e.txt'), 'e');
      const second = await run();
      expect(second.get('new')).to.deep.equal(['sub/e.txt']);
      expect(second.get('deleted')).to.deep.equal(['sub/d.txt']);
      expect(second.get('changed')).to.deep.equal(['a.txt']);
      expect(second.get('unchanged')).to.deep.equal(['b.txt', 'sub/c.txt']);

      // Run 3: b.txt grows with its modification time put back (as cp -p or rsync -t do): changed
      // by its size. Two of the four documents go: more than maxDeletePercent 20, so none is deleted.
      const bTime = (await stat(join(work.dir, 'tree', 'b.txt'))).mtime;
      await writeFile(join(work.dir, 'tree', 'b.txt'), 'b, and more');
      await utimes(join(work.dir, 'tree', 'b.txt'), bTime, bTime);
      for (const f of ['sub/c.txt', 'a.txt']) await rm(join(work.dir, 'tree', f));
      const third = await run(['fetchHistory.maxDeletePercent=20']);
      expect(third.get('changed')).to.deep.equal(['b.txt']);
      expect(third.get('deleted')).to.equal(undefined);
      expect(third.get('unchanged')).to.deep.equal(['sub/e.txt']);
      expect(readFileSync(join(job.dir, 'latest', 'deletions-withheld.txt'), 'utf8').split('\n').filter(Boolean).map((u) => u.slice(root.length)).sort()).to.deep.equal(['a.txt', 'sub/c.txt']);

      // Run 4, the breaker at 50%: the end-of-run check finds them gone again, and they are deleted.
      const fourth = await run();
      expect(fourth.get('deleted')).to.deep.equal(['a.txt', 'sub/c.txt']);
      expect(fourth.get('unchanged')).to.deep.equal(['b.txt', 'sub/e.txt']);
      expect(fourth.get('new') ?? []).to.deep.equal([]);
    } finally {
      await job.cleanup();
      await work.cleanup();
    }
  });
});
