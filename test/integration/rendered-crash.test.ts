import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { killChromium } from '../support/chromium-processes.js';
import { crawlJob, fastSets, type CrawlLogEntry } from '../support/crawl-job.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { SiteServer, type Route } from '../support/site-server.js';

const html = (body: string): Route => ({ body: `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>` });

/** A route that kills this process's Chromium renderers (or its browser) before it answers: the page that asked crashes meanwhile. */
const killing = (which: 'renderer' | 'browser'): Route => (_req, res) => {
  void killChromium(which).then((n) => res.writeHead(200, { 'content-type': 'text/plain', 'x-killed': String(n) }).end('killed'));
};

/** The script of a page asking for its own path + each suffix in turn (built at run time: no extractor finds the URLs in it). */
const asks = (...suffixes: string[]) => `<script>${suffixes.reduce((chain, s) => `${chain}.then(function () { return fetch(location.pathname + '${s}'); })`,
  'Promise.resolve()')};</script>`;

async function processorsReport(runDir: string): Promise<string> {
  const found = (await readdir(runDir, { recursive: true })).find((e) => e.endsWith('processors-report.txt'));
  return found ? readFile(join(runDir, found), 'utf8') : '';
}

/** default.xml rendering one page at a time (a kill of renderers hits only the page that asked for it), with `more` properties. */
async function oneTabBeans(more = ''): Promise<string> {
  return (await renderingBeans()).replace('<property name="maxConcurrentPages" value="2"/>',
    `<property name="maxConcurrentPages" value="1"/><property name="pageTimeoutMs" value="15000"/>${more}`);
}

describe('BrowserProcessor: a renderer that crashes, a browser that dies or grows', function () {
  this.timeout(180_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('retries a page whose renderer crashed or whose browser died once, in a new browser, and gives up on one that crashes twice', async () => {
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': html('<a href="/crash-renderer">r</a> <a href="/kill-browser">b</a> <a href="/crash-always">a</a>'),
      '/crash-renderer': html(`${asks('-boom')}<a href="/after-renderer">x</a>`),
      '/crash-renderer-boom': killing('renderer'),
      '/kill-browser': html(`${asks('-boom')}<a href="/after-browser">x</a>`),
      '/kill-browser-boom': killing('browser'),
      // Its second try asks for another URL (the first is served from what was fetched then), which crashes it again.
      '/crash-always': html(`${asks('-a', '-b')}<a href="/after-always">x</a>`),
      '/crash-always-a': killing('renderer'),
      '/crash-always-b': killing('renderer'),
      '/after-renderer': html('after'),
      '/after-browser': html('after'),
      '/after-always': html('after'),
    });
    try {
      let report = '';
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), {
        beans: await oneTabBeans(), inspect: async (run) => {
          report = await processorsReport(run);
        },
      });
      const lines = log.map((e) => e.line).join('\n');
      if (process.env.RENDER_DEBUG) console.log(lines);
      expect(exitStatus, lines).to.equal('FINISHED');
      const annotations = (p: string) => log.find((e: CrawlLogEntry) => e.uri === `${site.origin}${p}`)?.annotations.split(',') ?? [];
      expect(site.paths().filter((p) => p.endsWith('-boom') || /-[ab]$/.test(p)).sort(), 'each killing request reached the server once')
        .to.deep.equal(['/crash-always-a', '/crash-always-b', '/crash-renderer-boom', '/kill-browser-boom']);
      for (const page of ['/crash-renderer', '/kill-browser']) {
        expect(annotations(page), `${page}: crashed, then rendered on its second try\n${lines}`).to.include.members(['renderCrashed', 'rendered']);
      }
      expect(annotations('/crash-always'), `/crash-always: crashed twice, given up\n${lines}`).to.include.members(['renderCrashed', 'renderFailed']);
      expect(annotations('/crash-always'), '/crash-always: not rendered').to.not.include('rendered');
      for (const page of ['/after-renderer', '/after-browser', '/after-always']) {
        expect(annotations(page), `${page}: the crawl went on rendering, in a new browser\n${lines}`).to.include('rendered');
      }
      // Four crashes, each replacing its browser: the first launch and four more.
      expect(report, 'processors report').to.match(/, 4 crashes\); 5 browser launches \(0 past maxBrowserRssBytes\)/);
    } finally {
      await site.close();
    }
  });

  it('replaces the browser between pages once its processes hold more than maxBrowserRssBytes', async () => {
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': html('<a href="/a">a</a> <a href="/b">b</a> <a href="/c">c</a>'),
      '/a': html('a'),
      '/b': html('b'),
      '/c': html('c'),
    });
    try {
      let report = '';
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), {
        // 1 byte: every browser is past the bound after its first page.
        beans: await oneTabBeans('<property name="maxBrowserRssBytes" value="1"/>'), inspect: async (run) => {
          report = await processorsReport(run);
        },
      });
      expect(exitStatus).to.equal('FINISHED');
      for (const page of ['/', '/a', '/b', '/c']) {
        expect(log.find((e) => e.uri === `${site.origin}${page}`)?.annotations.split(','), `${page} rendered`).to.include('rendered');
      }
      expect(report, 'processors report')
        .to.match(/4 pages rendered \(0 cut at their budget, 0 failed, 0 crashes\); 4 browser launches \(4 past maxBrowserRssBytes\)/);
    } finally {
      await site.close();
    }
  });
});
