import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchJob } from '../../src/job/launch-job.js';
import type { CrawlControl } from '../../src/model/crawl-control.js';
import { ChangingSite } from '../support/changing-site.js';
import { fastSets, parseCrawlLog, type CrawlLogEntry } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

interface Event { kind: string; url: string }

/** What one launch of a delta job reported, URLs shortened to their paths (`B/…` for the second host). */
interface DeltaRun {
  readonly exitStatus: string;
  readonly resumed?: string;
  /** documents.jsonl (JsonlReceiver): the events as the run went, by kind. */
  readonly events: Map<string, string[]>;
  /** document-list.jsonl (DocumentListReceiver): the list handed at the run's end, by kind; undefined when none was. */
  readonly list?: Map<string, string[]>;
  readonly log: CrawlLogEntry[];
  readonly alerts: string;
  readonly withheld?: string[];
}

/** Events by kind, each kind's paths sorted; every document at most once. */
function byKind(file: string, short: (url: string) => string): Map<string, string[]> {
  const events = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event);
  expect(events.length, `one event a document in ${file}`).to.equal(new Set(events.map((e) => e.url)).size);
  const kinds = new Map<string, string[]>();
  for (const e of events) kinds.set(e.kind, [...(kinds.get(e.kind) ?? []), short(e.url)].sort());
  return kinds;
}

function read(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

/**
 * The delta-recrawl profile with a DocumentListReceiver beside its JsonlReceiver, crawling
 * `site` (paths `paths`, robots.txt 404) from its `/` and any `seeds` more.
 */
async function deltaJob(site: ChangingSite, paths: readonly string[], options: { seeds?: (origin: string) => string[]; other?: SiteServer } = {}) {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 } };
  for (const p of paths) routes[p] = site.route(p);
  const server = await SiteServer.start(routes);
  const beans = readFileSync(join(REPO_ROOT, 'profiles', 'delta-recrawl.xml'), 'utf8')
    .replace('<bean class="JsonlReceiver">', '<bean class="DocumentListReceiver"/>\n    <bean class="JsonlReceiver">');
  const job = await tempDir({ 'crawler-beans.xml': beans });
  const seeds = [`${server.origin}/`, ...(options.seeds?.(server.origin) ?? [])];
  const sets = fastSets(seeds, ['frontier.retryDelaySeconds=0', 'frontier.maxRetries=1', 'fetchHistory.maxDeletePercent=100']).map((s) => s.replace(/\\n/g, '\n'));
  const short = (url: string) => url.replace(server.origin, '').replace(options.other?.origin ?? '\u0000', 'B');
  /** Launches the job once more; `onRunning` gets the controller. */
  const launch = async (more: string[] = [], onRunning?: (c: CrawlControl) => void): Promise<DeltaRun> => {
    const result = await launchJob(job.dir, { sets: [...sets, ...more], onRunning });
    const runDir = join(job.dir, result.runDir);
    const listFile = join(runDir, 'document-list.jsonl');
    const withheld = join(runDir, 'deletions-withheld.txt');
    return {
      exitStatus: result.exitStatus, resumed: result.resumed,
      events: byKind(join(runDir, 'documents.jsonl'), short),
      list: existsSync(listFile) ? byKind(listFile, short) : undefined,
      log: parseCrawlLog(read(join(runDir, 'logs', 'crawl.log'))).map((e) => ({ ...e, uri: short(e.uri) })),
      alerts: read(join(runDir, 'logs', 'alerts.log')),
      withheld: existsSync(withheld) ? read(withheld).split('\n').filter(Boolean).map(short) : undefined,
    };
  };
  const close = async () => {
    await server.close();
    await job.cleanup();
  };
  return { server, launch, close };
}

/** The status each path answered in a run, as crawl.log tells. */
function statuses(run: DeltaRun): Record<string, number> {
  return Object.fromEntries(run.log.filter((e) => !e.uri.startsWith('dns:')).map((e) => [e.uri, e.status]));
}

describe('delta crawls: when a document is deleted, and when not (integration)', function () {
  this.timeout(120_000);

  it('deletes only on the deleteAfterGoneCount-th gone answer in a row, a 2xx between starting the count again', async () => {
    const site = new ChangingSite();
    site.set('/', page('home', ['/x', '/y']));
    site.set('/x', page('x'));
    site.set('/y', page('y'));
    const job = await deltaJob(site, ['/', '/x', '/y']);
    const launch = () => job.launch(['fetchHistory.deleteAfterGoneCount=2']);
    try {
      expect((await launch()).events.get('new')).to.deep.equal(['/', '/x', '/y']);
      site.pages.delete('/x');
      const first = await launch();
      expect(statuses(first)['/x']).to.equal(404);
      expect(first.events.get('deleted')).to.equal(undefined);
      site.set('/x', page('x'));
      const back = await launch();
      expect(back.events.get('unchanged')).to.deep.equal(['/', '/x', '/y']);
      site.pages.delete('/x');
      const again = await launch();
      expect(statuses(again)['/x']).to.equal(404);
      expect(again.events.get('deleted'), 'one gone answer since the 2xx').to.equal(undefined);
      const second = await launch();
      expect(second.events.get('deleted')).to.deep.equal(['/x']);
      expect(second.list!.get('deleted')).to.deep.equal(['/x']);
    } finally {
      await job.close();
    }
  });

  it('deletes a document no longer linked from anywhere when the end-of-run check finds it gone', async () => {
    const site = new ChangingSite();
    site.set('/', page('home', ['/parent']));
    site.set('/parent', page('parent', ['/child']));
    site.set('/child', page('child'));
    const job = await deltaJob(site, ['/', '/parent', '/child']);
    try {
      expect((await job.launch()).events.get('new')).to.deep.equal(['/', '/child', '/parent']);
      site.set('/parent', page('parent, without its child'));
      site.pages.delete('/child');
      job.server.requests.length = 0;
      const second = await job.launch();
      // Nothing links to /child any more: only the check at the end asked for it.
      expect(statuses(second)['/child']).to.equal(404);
      expect(job.server.paths().filter((p) => p === '/child')).to.have.length(1);
      expect(second.events.get('changed')).to.deep.equal(['/parent']);
      expect(second.events.get('deleted')).to.deep.equal(['/child']);
      expect(second.events.get('unchanged')).to.deep.equal(['/']);
      expect(second.list).to.deep.equal(second.events);
    } finally {
      await job.close();
    }
  });

  it('a run cut short by a limit during its end-of-run check deletes nothing, yet hands its list receivers what it found', async () => {
    const site = new ChangingSite();
    site.set('/', page('home', ['/gone', '/a', '/b', '/c']));
    for (const p of ['/gone', '/a', '/b', '/c']) site.set(p, page(p));
    const job = await deltaJob(site, ['/', '/gone', '/a', '/b', '/c']);
    try {
      await job.launch();
      // The home page now links only to /gone, which is gone: /a, /b and /c are left to the check at the end.
      site.set('/', page('home', ['/gone']));
      site.pages.delete('/gone');
      // robots.txt, the home page and /gone count 3 documents: the first document the check fetches is the 4th.
      const cut = await job.launch(['crawlLimiter.maxDocumentsDownload=4']);
      expect(cut.exitStatus).to.equal('FINISHED_DOCUMENT_LIMIT');
      const fetched = statuses(cut);
      expect(fetched['/gone']).to.equal(404);
      expect(['/a', '/b', '/c'].filter((p) => p in fetched), 'the check had begun').to.not.deep.equal([]);
      expect(['/a', '/b', '/c'].filter((p) => p in fetched), 'the check was cut short').to.not.deep.equal(['/a', '/b', '/c']);
      expect(cut.events.get('deleted')).to.equal(undefined);
      expect(cut.list, 'the list is handed though the run ended during its check').to.deep.equal(cut.events);
      expect(cut.list!.get('changed')).to.deep.equal(['/']);

      // The next run, whole, deletes it.
      const whole = await job.launch();
      expect(whole.exitStatus).to.equal('FINISHED');
      expect(whole.events.get('deleted')).to.deep.equal(['/gone']);
      expect(whole.events.get('unchanged')).to.deep.equal(['/', '/a', '/b', '/c']);
    } finally {
      await job.close();
    }
  });

  it('a run interrupted during its end-of-run check hands no list; the run that resumes it hands the whole list, once', async () => {
    const site = new ChangingSite();
    site.set('/', page('home', ['/a', '/b']));
    site.set('/a', page('a'));
    site.set('/b', page('b'));
    const job = await deltaJob(site, ['/', '/a', '/b']);
    try {
      await job.launch();
      site.set('/', page('home, with no links'));
      site.pages.delete('/b');
      let controller: CrawlControl | undefined;
      // The check's first request interrupts the run (Ctrl-C), the URI in flight finishing first.
      job.server.routes.set('/a', (req, res) => {
        controller?.terminate('INTERRUPTED');
        job.server.routes.set('/a', site.route('/a'));
        site.route('/a')(req, res);
      });
      const interrupted = await job.launch([], (c) => (controller = c));
      expect(interrupted.exitStatus).to.equal('INTERRUPTED');
      expect(statuses(interrupted)).to.include.keys('/a');
      expect(interrupted.list, 'no list before the run is over').to.equal(undefined);

      const resumed = await job.launch();
      expect(resumed.resumed).to.not.equal(undefined);
      expect(resumed.exitStatus).to.equal('FINISHED');
      expect(resumed.list).to.deep.equal(new Map([['changed', ['/']], ['deleted', ['/b']], ['unchanged', ['/a']]]));
    } finally {
      await job.close();
    }
  });

  it('deletes on a gone answer of this run only: not on an old one when this run cannot ask (robots.txt 503); a withheld deletion is reported ' +
    'neither way', async () => {
    const site = new ChangingSite();
    site.set('/', page('home'));
    let robotsB = 404;
    let b = 200;
    const other = await SiteServer.start({
      '/robots.txt': (_req, res) => res.writeHead(robotsB).end(),
      '/b': (_req, res) => res.writeHead(b, { 'content-type': 'text/html' }).end(page('b')),
    });
    const job = await deltaJob(site, ['/'], { seeds: () => [`${other.origin}/b`], other });
    try {
      expect((await job.launch()).events.get('new')).to.deep.equal(['/', 'B/b']);
      // B/b is gone, but the dry run withholds its deletion: it is listed, alerted once, and reported nothing.
      b = 404;
      const dry = await job.launch(['fetchHistory.dryRunDeletes=true']);
      expect(statuses(dry)['B/b']).to.equal(404);
      expect(dry.withheld).to.deep.equal(['B/b']);
      expect(dry.alerts.match(/dry run: 1 document\(s\) would be deleted/g)).to.have.length(1);
      expect(dry.events).to.deep.equal(new Map([['unchanged', ['/']]]));
      expect(dry.list).to.deep.equal(dry.events);

      // The next run cannot ask (B's robots.txt answers 503): the gone answer of the run before is no ground for a deletion.
      robotsB = 503;
      const blocked = await job.launch();
      expect(statuses(blocked)).to.not.have.property('B/b', 404);
      expect(blocked.events.get('deleted')).to.equal(undefined);
      expect(blocked.events).to.deep.equal(new Map([['unchanged', ['/']]]));

      // Asked again and gone again: deleted.
      robotsB = 404;
      const asked = await job.launch();
      expect(asked.events.get('deleted')).to.deep.equal(['B/b']);
    } finally {
      await job.close();
      await other.close();
    }
  });

  it('a 2xx with an empty body is no document: never reported, neither new nor unchanged nor deleted', async () => {
    const site = new ChangingSite();
    site.set('/', page('home', ['/empty', '/vanishing', '/full']));
    site.set('/empty', '');
    site.set('/vanishing', '');
    site.set('/full', page('full'));
    const job = await deltaJob(site, ['/', '/empty', '/vanishing', '/full']);
    try {
      const first = await job.launch();
      expect(statuses(first)).to.include({ '/empty': 200, '/vanishing': 200 });
      expect(first.events).to.deep.equal(new Map([['new', ['/', '/full']]]));
      site.pages.delete('/vanishing');
      const second = await job.launch();
      expect(statuses(second)).to.include({ '/empty': 200, '/vanishing': 404 });
      expect(second.events).to.deep.equal(new Map([['unchanged', ['/', '/full']]]));
    } finally {
      await job.close();
    }
  });
});
