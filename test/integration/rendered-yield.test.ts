import { expect } from 'chai';
import { busyUntil } from '../support/busy-loop.js';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { keepRunOutputs, type RunOutputs } from '../support/run-outputs.js';
import { SiteServer, type Route } from '../support/site-server.js';

const PAGES = 3;

/** A chain of script pages (/, /p1, /p2), each linking to the next from its script only. */
function chainSite(): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/robots.txt': { status: 404 },
    '/next.js': { headers: { 'content-type': 'text/javascript' }, body: `
      var n = Number(location.pathname.slice(2) || 0);
      if (n + 1 < ${PAGES}) { var a = document.createElement('a'); a.href = '/p' + (n + 1); a.textContent = 'next'; document.body.appendChild(a); }` },
  };
  for (let i = 0; i < PAGES; i++) {
    const body = `<!doctype html><html><head><title>p${i}</title><script src="/next.js" defer></script></head><body></body></html>`;
    routes[i === 0 ? '/' : `/p${i}`] = { body };
  }
  return routes;
}

/**
 * Crawls the chain with `sets` while this thread's loop (which the crawl shares, as a crawl of
 * other sites would keep it) runs code 20 ms a turn, turn after turn, until the crawl ends.
 */
async function crawlOnBusyLoop(origin: string, sets: string[]) {
  let done = false;
  const busy = busyUntil(() => done);
  try {
    const seen: RunOutputs = {};
    const result = await crawlJob(fastSets([`${origin}/`], sets), { beans: await renderingBeans(), inspect: keepRunOutputs(seen) });
    return { ...result, report: seen.report ?? '' };
  } finally {
    done = true;
    await busy;
  }
}

describe('BrowserProcessor yields to a busy crawl (maxLoopShare, maxYieldMs)', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('holds each page while the crawl\'s loop is busy, for maxYieldMs at most, then renders it; maxLoopShare 1 never holds one', async () => {
    const site = await SiteServer.start(chainSite());
    try {
      const held = await crawlOnBusyLoop(site.origin, ['browser.maxYieldMs=300']);
      const rendered = held.log.filter((e) => e.annotations.split(',').includes('rendered'));
      expect(held.exitStatus).to.equal('FINISHED');
      expect(rendered, `every page rendered; crawl.log:\n${held.log.map((e) => e.line).join('\n')}`).to.have.length(PAGES);
      const waited = /(\d+) pages waited for the crawl's busy loop \(([\d.]+) s in all\)/.exec(held.report);
      expect(waited, `processors report:\n${held.report}`).to.not.equal(null);
      // The first page may come within half a window of the crawl's start, before the loop has a reading: not held.
      const pagesHeld = Number(waited![1]);
      expect(pagesHeld, 'pages held').to.be.within(PAGES - 1, PAGES);
      expect(Number(waited![2]), 'seconds held in all: maxYieldMs each').to.be.at.least(pagesHeld * 0.3 - 0.05);

      const free = await crawlOnBusyLoop(site.origin, ['browser.maxYieldMs=300', 'browser.maxLoopShare=1']);
      expect(free.log.filter((e) => e.annotations.split(',').includes('rendered'))).to.have.length(PAGES);
      expect(free.report, 'processors report').to.contain('0 pages waited for the crawl\'s busy loop (0.0 s in all)');
    } finally {
      await site.close();
    }
  });
});
