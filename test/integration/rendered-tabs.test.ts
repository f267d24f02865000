import { expect } from 'chai';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { keepRunOutputs, type RunOutputs } from '../support/run-outputs.js';
import { SiteServer, type Route } from '../support/site-server.js';

const PAGES = 6;

/**
 * A chain of script pages (/, /p1 … /p5): each shows the cookies and stored value it finds, then
 * leaves its own (a cookie, localStorage, sessionStorage) and links to the next page.
 */
function leavingSite(): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/robots.txt': { status: 404 },
    '/leave.js': { headers: { 'content-type': 'text/javascript' }, body: `
      var n = Number(location.pathname.slice(2) || 0), app = document.getElementById('app');
      app.textContent = 'found cookies [' + document.cookie + '] local [' + (localStorage.getItem('k') || '') + '] session [' +
        (sessionStorage.getItem('k') || '') + ']';
      document.cookie = 'page' + n + '=1; path=/';
      localStorage.setItem('k', 'page' + n);
      sessionStorage.setItem('k', 'page' + n);
      if (n + 1 < ${PAGES}) { var a = document.createElement('a'); a.href = '/p' + (n + 1); a.textContent = 'next'; document.body.appendChild(a); }` },
  };
  for (let i = 0; i < PAGES; i++) {
    routes[i === 0 ? '/' : `/p${i}`] = { body: `<!doctype html><html><head><title>p${i}</title><script src="/leave.js" defer></script></head>` +
      '<body><div id="app"></div></body></html>' };
  }
  return routes;
}

describe('BrowserProcessor: one tab renders page after page', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('reuses its tab, and each page finds nothing the one before it left (cookies, local and session storage)', async () => {
    const site = await SiteServer.start(leavingSite());
    try {
      const seen: RunOutputs = {};
      const inspect = keepRunOutputs(seen);
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans: await renderingBeans(), inspect });
      expect(exitStatus).to.equal('FINISHED');
      const rendered = log.filter((e) => e.annotations.split(',').includes('rendered')).map((e) => e.uri);
      expect(rendered, `every page rendered; crawl.log:\n${log.map((e) => e.line).join('\n')}`).to.have.length(PAGES);
      const pages = seen.documents!.filter((d) => rendered.includes(d.url));
      expect(pages, 'documents of the rendered pages').to.have.length(PAGES);
      for (const d of pages) expect(d.text, d.url).to.contain('found cookies [] local [] session []');
      // The site is a chain (one page of it at a time): one tab serves them all.
      expect(seen.report, 'processors report')
        .to.match(new RegExp(`${PAGES} pages rendered .*; 1 browser launches \\(0 past maxBrowserRssBytes\\), 1 tabs opened`));
    } finally {
      await site.close();
    }
  });
});
