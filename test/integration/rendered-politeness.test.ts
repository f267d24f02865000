import { expect } from 'chai';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { SiteServer } from '../support/site-server.js';

describe('BrowserProcessor: the requests of a page rest its server as the frontier would', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('spaces every request to the server, the page and its sub-resources alike, by minDelayMs', async () => {
    const minDelayMs = 300;
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': {
        body: '<!doctype html><html><head><title>t</title><link rel="stylesheet" href="/c.css"><script src="/d.js"></script></head>' +
          '<body><img src="/a.png" alt="a"><img src="/b.png" alt="b"></body></html>',
      },
      '/a.png': { headers: { 'content-type': 'image/png' }, body: 'a' },
      '/b.png': { headers: { 'content-type': 'image/png' }, body: 'b' },
      '/c.css': { headers: { 'content-type': 'text/css' }, body: 'body { color: #333 }' },
      '/d.js': { headers: { 'content-type': 'text/javascript' }, body: 'window.d = 1;' },
    });
    try {
      const sets = fastSets([`${site.origin}/`], [`disposition.minDelayMs=${minDelayMs}`, `disposition.maxDelayMs=${minDelayMs}`]);
      const { exitStatus, log } = await crawlJob(sets, { beans: await renderingBeans() });
      expect(exitStatus).to.equal('FINISHED');
      const seen = site.requests.map((r) => `${r.path}@${r.at}`).join(' ');
      expect(log.find((e) => e.uri === `${site.origin}/`)?.annotations.split(','), 'the page rendered').to.include('rendered');
      for (const p of ['/a.png', '/b.png', '/c.css', '/d.js']) {
        expect(log.find((e) => e.uri === `${site.origin}${p}`)?.annotations.split(','), `${p} fetched for the page`).to.include('browser');
      }
      expect(site.paths().filter((p) => p !== '/robots.txt').sort(), 'each requested once').to.deep.equal(['/', '/a.png', '/b.png', '/c.css', '/d.js']);
      // Each request begins at least minDelayMs after the one before it ended (it reached the server after that one began):
      // 5 ms for timers that round down.
      const times = site.requests.map((r) => r.at);
      for (let i = 1; i < times.length; i++) {
        expect(times[i] - times[i - 1], `request ${i} (${site.requests[i].path}) after the one before; server saw ${seen}`).to.be.at.least(minDelayMs - 5);
      }
    } finally {
      await site.close();
    }
  });
});
