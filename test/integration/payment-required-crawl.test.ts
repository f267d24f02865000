import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { page, SiteServer } from '../support/site-server.js';

describe('a 402 Payment Required parks its host (integration)', function () {
  this.timeout(60_000);

  it('retires the queue after the first 402, with an alert naming its price headers, and crawls the other hosts on', async () => {
    const paid = { status: 402, headers: { 'crawler-price': 'USD 0.01', 'x-other': 'kept out', 'content-type': 'text/plain' }, body: 'pay first' };
    const toll = await SiteServer.start({ '/': paid, '/x': paid, '/y': paid });
    const free = await SiteServer.start({ '/': { body: page('free', ['/next']) }, '/next': { body: page('next') } });
    let alerts = '';
    try {
      const { log } = await crawlJob(fastSets([`${toll.origin}/`, `${toll.origin}/x`, `${toll.origin}/y`, `${free.origin}/`]), {
        inspect: async (runDir) => {
          alerts = readFileSync(join(runDir, 'logs', 'alerts.log'), 'utf8');
        },
      });
      // One request for pages of the toll site, never a loop over its URIs; the other site is crawled whole.
      expect(toll.requests.map((r) => r.path).filter((p) => p !== '/robots.txt'), 'the toll site was asked again after its 402').to.have.length(1);
      const answered = log.filter((e) => e.uri.startsWith(toll.origin) && e.status === 402);
      expect(answered).to.have.length(1);
      expect(answered[0].annotations).to.contain('paymentRequired');
      expect(log.filter((e) => e.uri.startsWith(free.origin) && e.status === 200).map((e) => new URL(e.uri).pathname)).to.include.members(['/', '/next']);
      expect(alerts).to.match(/WARNING .*queue \S+ retired: http:\/\/127\.0\.0\.1:\d+\/\S* answered 402 Payment Required with crawler-price: USD 0\.01;/);
      expect(alerts).to.not.contain('x-other');
    } finally {
      await toll.close();
      await free.close();
    }
  });
});
