import { expect } from 'chai';
import { parseDocument } from 'htmlparser2';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fastSets, parseCrawlLog, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { wellFormedText } from '../../../test/support/well-formed-html.js';
import { launchJob } from '../../job/launch-job.js';
import { hostOf } from './crawl-tallies.js';

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[]; data?: string };

function* elements(node: Node): Generator<Node> {
  if (node.type === 'tag' || node.type === 'script' || node.type === 'style') yield node;
  for (const child of node.children ?? []) yield* elements(child);
}

const textOf = (node: Node): string => (node.type === 'text' ? node.data ?? '' : (node.children ?? []).map(textOf).join(''));

/** The rows of the table under the h2 whose text starts with `title`, each a list of cell texts. */
function table(root: Node, title: string): string[][] {
  const section = [...elements(root)].find((e) => e.name === 'section' && (e.children ?? []).some((c) => c.name === 'h2' && textOf(c).startsWith(title)));
  expect(section, `a section "${title}"`).to.not.equal(undefined);
  return [...elements(section!)].filter((e) => e.name === 'tr' && (e.children ?? []).some((c) => c.name === 'td'))
    .map((tr) => (tr.children ?? []).filter((c) => c.name === 'td').map((td) => textOf(td).trim()));
}

/** What a URL keeps of markup once normalised (`<`, `>` and `"` are percent-encoded): `'` and `&`. */
const HOSTILE_PATH = "/it's&amp=x.html";

describe('report.html after a crawl of a loopback site (integration)', function () {
  this.timeout(30000);
  let site: SiteServer;
  let html: string;
  let log: CrawlLogEntry[];
  let root: Node;
  let summary: Awaited<ReturnType<typeof launchJob>>;

  before(async () => {
    site = await SiteServer.start({
      '/': { body: page('home', ['/a.html', '/missing.html', '/old', `http://site.test:PORT/b.html`]) },
      '/a.html': { body: page('a', ['/', '/odd.bin']) },
      '/odd.bin': { headers: { 'content-type': 'text/x-<i>odd</i>' }, body: 'odd' },
      '/old': { status: 301, headers: { location: '/a.html' } },
      '/b.html': { body: page('b', ['/a.html']) },
    });
    // The second host's page links back to it: the same server, by another name (mapped in FetchDns).
    const home = site.routes.get('/') as { body: string };
    home.body = home.body.replaceAll('PORT', String(site.port));
    const beans = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8')).replace('<bean id="fetchDns" class="FetchDns"/>',
      '<bean id="fetchDns" class="FetchDns"><property name="hostsMap"><map><entry key="site.test" value="127.0.0.1"/></map></property></bean>');
    const job = await tempDir({ 'crawler-beans.xml': beans });
    try {
      const seeds = [`${site.origin}/`, `http://site.test:${site.port}/`, `${site.origin}${HOSTILE_PATH}`];
      summary = await launchJob(job.dir, { sets: fastSets(seeds).map((s) => s.replace(/\\n/g, '\n')) });
      html = await readFile(join(job.dir, summary.runDir, 'report.html'), 'utf8');
      log = parseCrawlLog(await readFile(join(job.dir, summary.runDir, 'logs', 'crawl.log'), 'utf8'));
    } finally {
      await job.cleanup();
    }
    root = parseDocument(html) as unknown as Node;
  });
  after(() => site.close());

  it('is written in the run folder, and listed among the outputs', () => {
    expect(summary.exitStatus).to.equal('FINISHED');
    expect(summary.outputs.find((o) => o.what === 'report')?.path).to.match(/runs\/\d+\/report\.html$/);
  });

  it('is well formed and needs nothing but itself: no script, nothing fetched from anywhere', () => {
    wellFormedText(html);
    expect(html.startsWith('<!DOCTYPE html>')).to.equal(true);
    const all = [...elements(root)];
    expect(all.filter((e) => e.name === 'script' || e.name === 'link' || e.name === 'iframe' || e.name === 'img').map((e) => e.name)).to.deep.equal([]);
    for (const e of all) {
      for (const [name, value] of Object.entries(e.attribs ?? {})) {
        expect(name, `<${e.name} ${name}>`).to.not.match(/^on/);
        if (name === 'src' || name === 'href' || name === 'xlink:href') expect(value, `<${e.name} ${name}="${value}">`).to.not.match(/^(https?:)?\/\//);
      }
    }
    expect(html).to.not.match(/@import|url\(/);
    expect(all.filter((e) => e.name === 'svg')).to.have.length(2);
  });

  it('holds the counts of crawl.log: status codes, MIME types, hosts and failing hosts', () => {
    const ok = log.filter((e) => e.status > 0);
    const count = <K>(entries: readonly CrawlLogEntry[], key: (e: CrawlLogEntry) => K) => {
      const m = new Map<K, number>();
      for (const e of entries) m.set(key(e), (m.get(key(e)) ?? 0) + 1);
      return m;
    };
    const codes = count(ok, (e) => (e.status === 1 ? '1 (DNS answer)' : String(e.status)));
    expect(new Map(table(root, 'Status codes').map(([code, n]) => [code, Number(n)]))).to.deep.equal(codes);
    expect(codes.get('404')).to.be.at.least(1);
    expect(codes.get('301'), 'the redirect, on each host').to.equal(2);
    expect(new Map(table(root, 'MIME types').map(([mime, n]) => [mime, Number(n)]))).to.deep.equal(count(ok, (e) => e.mime));
    expect(table(root, 'MIME types').map((r) => r[0])).to.include('text/x-<i>odd</i>');
    const hosts = count(ok, (e) => hostOf(e.uri));
    expect(new Map(table(root, 'Hosts').map(([host, n]) => [host, Number(n)]))).to.deep.equal(hosts);
    expect([...hosts.keys()].sort()).to.deep.equal(['127.0.0.1', 'dns:', 'site.test']);
    // A robots.txt answered 404 (the site has none) is no error: every URI of its server may be fetched.
    const robots404 = log.filter((e) => e.hops.endsWith('P') && e.uri.endsWith('/robots.txt') && e.status === 404);
    expect(robots404.map((e) => hostOf(e.uri)).sort(), 'each host\'s robots.txt answered 404').to.deep.equal(['127.0.0.1', 'site.test']);
    const failing = count(log.filter((e) => (e.status >= 400 || e.status < 0) && !robots404.includes(e)), (e) => hostOf(e.uri));
    expect(new Map(table(root, 'Failing hosts').map(([host, n]) => [host, Number(n)]))).to.deep.equal(failing);
    // The cards agree with that table: its errors are the URIs failed and the answers of 400 or more.
    const errors = [...failing.values()].reduce((a, b) => a + b, 0);
    const card = (label: string) => Number(new RegExp(`<b>([\\d,]+)</b>${label}</div>`).exec(html)?.[1]);
    expect(card('of them answered 400 or more') + card('failed \\(no answer, or not fetched\\)'), html).to.equal(errors);
    expect(table(root, 'Slowest hosts').map((r) => r[0])).to.include.members(['127.0.0.1', 'dns:', 'site.test']);
  });

  it('escapes what came from the crawl: a URL with \' and &, a MIME type with markup', () => {
    expect(html).to.not.contain(HOSTILE_PATH);
    expect(html).to.contain('/it&#39;s&amp;amp=x.html');
    expect(html).to.not.contain('<i>odd');
    expect(html).to.contain('text/x-&lt;i&gt;odd&lt;/i&gt;');
    expect(table(root, 'Seeds').map((r) => r[0])).to.include(`${site.origin}${HOSTILE_PATH}`);
  });
});
