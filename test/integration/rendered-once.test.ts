import { expect } from 'chai';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { renderingBeans } from '../support/rendering-beans.js';
import { requireServer } from '../support/require-server.js';
import { SiteServer, type Route } from '../support/site-server.js';
import { responseTargets } from '../support/run-outputs.js';

const html = (body: string): Route => ({ body: `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>` });
const script = (body: string): Route => ({ headers: { 'content-type': 'text/javascript' }, body });
/** A script fetching `path`, spelled at run time: no extractor finds the URL in it. */
const fetching = (path: string) => `<script>fetch('${path.slice(0, 2)}' + '${path.slice(2)}');</script>`;

describe('BrowserProcessor: what a page\'s requests fetched is the crawl\'s fetch of it', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('requests a URL queued by an extractor and asked for by a page before its turn once, records it once, and counts it in the totals', async () => {
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      // /p comes first in the queue; /lib.js, queued after it, waits while /p renders (one URI of a queue at a time) and /p asks for it.
      '/': html('<a href="/p">p</a> <a href="/lib.js">lib</a>'),
      '/p': html(fetching('/lib.js')),
      '/lib.js': script('window.lib = 1;'),
    });
    try {
      let records: string[] = [];
      const { exitStatus, log, controller } = await crawlJob(fastSets([`${site.origin}/`]), {
        beans: await renderingBeans(), inspect: async (run) => {
          records = await responseTargets(run);
        },
      });
      const lines = log.map((e) => e.line).join('\n');
      expect(exitStatus, lines).to.equal('FINISHED');
      expect(site.paths().filter((p) => p === '/lib.js'), `requests for /lib.js (server saw ${site.paths().join(' ')})`).to.have.length(1);
      const lib = log.filter((e) => e.uri === `${site.origin}/lib.js`);
      expect(lib.map((e) => e.status), `/lib.js in crawl.log once\n${lines}`).to.deep.equal([200]);
      expect(lib[0].annotations.split(','), '/lib.js fetched for the page').to.include('browser');
      expect(lib[0].via, '/lib.js\'s via').to.equal(`${site.origin}/p`);
      expect(records.filter((u) => u === `${site.origin}/lib.js`), '/lib.js\'s response records').to.have.length(1);
      // Counted as any URI: the crawl's documents are crawl.log's lines with a response (dns: aside), the frontier's successes all with one.
      const documents = log.filter((e) => e.status > 0 && !e.uri.startsWith('dns:')).length;
      const progress = controller.progress();
      expect(progress.documents, `documents counted\n${lines}`).to.equal(documents);
      expect(progress.frontier.succeeded, 'the frontier\'s successes').to.equal(log.filter((e) => e.status > 0).length);
      expect(progress.frontier.queued, 'nothing left queued').to.equal(0);
    } finally {
      await site.close();
    }
  });

  it('counts what a page\'s requests fetched against the server\'s quotas', async () => {
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': html(`<a href="/p">p</a>${fetching('/a.js')}${fetching('/b.js')}`),
      '/p': html('p'),
      '/a.js': script('window.a = 1;'),
      '/b.js': script('window.b = 1;'),
    });
    try {
      // robots.txt and / make 2 successes of the server; its page's two requests 4, past the quota of 3 when /p's turn comes.
      const beans = (await renderingBeans(`
 <bean id="quotas" class="QuotaEnforcer">
  <property name="serverMaxFetchSuccesses" value="3"/>
  <property name="forceRetire" value="false"/>
 </bean>`)).replace('<ref bean="preconditions"/>', '<ref bean="preconditions"/>\n    <ref bean="quotas"/>');
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans });
      const lines = log.map((e) => e.line).join('\n');
      expect(exitStatus, lines).to.equal('FINISHED');
      expect(log.filter((e) => e.uri.endsWith('.js')).map((e) => e.status), `the page's requests\n${lines}`).to.deep.equal([200, 200]);
      expect(log.find((e) => e.uri === `${site.origin}/p`)?.status, `/p over the server's quota\n${lines}`).to.equal(-5003);
      expect(site.paths(), 'the server never saw /p').to.not.include('/p');
    } finally {
      await site.close();
    }
  });
});
