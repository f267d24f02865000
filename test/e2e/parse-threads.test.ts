import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCrawlLog } from '../support/crawl-job.js';
import { runCli } from '../support/run-cli.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const FAST = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'];

/** A site whose pages say most of what the HTML extractor reads: links, a base, meta robots, styles, a legacy charset. */
function routes(): Record<string, Route> {
  const r: Record<string, Route> = {
    '/robots.txt': { status: 404 },
    '/': { body: page('home', ['/base.html', '/nofollow.html', '/styled.html', '/latin.html', ...Array.from({ length: 20 }, (_, i) => `/p${i}`)]) },
    '/base.html': { body: '<html><head><base href="/under/"></head><body><a href="b1">b1</a><img src="pic.png"></body></html>' },
    '/under/b1': { body: page('b1') },
    '/under/pic.png': { headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    '/nofollow.html': { body: '<html><body><a href="/kept">k</a><meta name="robots" content="nofollow"><a href="/never">n</a></body></html>' },
    '/kept': { body: page('kept') },
    '/never': { body: page('never') },
    '/styled.html': { body: '<html><head><style>body { background: url(/bg.gif) }</style></head><body><div ' +
      'style="background:url(/div.gif)">d</div></body></html>' },
    '/bg.gif': { headers: { 'content-type': 'image/gif' }, body: 'GIF89a' },
    '/div.gif': { headers: { 'content-type': 'image/gif' }, body: 'GIF89a' },
    '/latin.html': { headers: { 'content-type': 'text/html' }, body: Buffer.concat([Buffer.from('<meta charset="windows-1252"><a ' +
      'href="/caf', 'latin1'), Buffer.from([0xe9]), Buffer.from('">c</a>', 'latin1')]) },
    '/caf%C3%A9': { body: page('café') },
  };
  for (let i = 0; i < 20; i++) r[`/p${i}`] = { body: page(`p${i}`, [`/p${(i + 1) % 20}`, `/deep/${i}`]) };
  for (let i = 0; i < 20; i++) r[`/deep/${i}`] = { body: page(`deep ${i}`) };
  return r;
}

describe('parse threads under the real binary', function () {
  this.timeout(120_000);

  it('crawls a site the same with pages parsed on a thread as on the crawl\'s thread, and says how many went there', async () => {
    const site = await SiteServer.start(routes());
    const work = await tempDir();
    try {
      /** crawl.log's lines as status, URI, hops and via (times and worker numbers left out), sorted, and processors-report.txt. */
      const crawl = async (name: string, threads: number): Promise<{ lines: string[]; report: string }> => {
        const job = join(work.dir, name);
        const created = await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
        expect(created.code, created.stderr).to.equal(0);
        const sets = ['--set', `extractorHtml.parseThreads=${threads}`, '--set', 'extractorHtml.minThreadParseBytes=0'];
        const launched = await runCli(['launch', job, ...FAST, ...sets], { timeoutMs: 90_000 });
        expect(launched.code, `${name}: ${launched.stderr}`).to.equal(0);
        const log = parseCrawlLog(readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8'));
        return {
          lines: log.map((e) => `${e.status} ${e.uri} ${e.hops} ${e.via} ${e.annotations}`).sort(),
          report: readFileSync(join(job, 'latest', 'reports', 'processors-report.txt'), 'utf8'),
        };
      };
      const here = await crawl('here', 0);
      const threaded = await crawl('threaded', 1);
      expect(threaded.lines).to.deep.equal(here.lines);
      const paths = here.lines.filter((l) => l.startsWith('200 ')).map((l) => new URL(l.split(' ')[1]!).pathname);
      expect(paths, paths.join(' ')).to.include.members(['/under/b1', '/under/pic.png', '/bg.gif', '/div.gif', '/caf%C3%A9', '/deep/19']);
      // A page that says nofollow has none of its links followed, those before the tag included.
      for (const p of ['/kept', '/never']) expect(paths).to.not.include(p);
      // Every HTML page answered 200 went to the thread, and the extractor found as many links.
      const htmlPages = here.lines.filter((l) => l.startsWith('200 ') && !/\.(gif|png)\b/.test(l.split(' ')[1]!) && !l.includes('/robots.txt')).length;
      expect(threaded.report, threaded.report).to.contain(`ExtractorHTML\n  ${/ExtractorHTML\n {2}(\d+) links/.exec(here.report)?.[1]} links`);
      expect(threaded.report).to.contain(`  ${htmlPages} CrawlURIs parsed on parse threads`);
      expect(here.report).to.not.contain('parse threads');
    } finally {
      await site.close();
      await work.cleanup();
    }
  });
});
