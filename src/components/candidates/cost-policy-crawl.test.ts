import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { explainJob } from '../../job/explain-job.js';

/** The default profile with a top-level `costAssignmentPolicy` bean, as Heritrix's profile has it commented out. */
async function beansWith(policyClass: string | undefined): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  if (!policyClass) return profile;
  return profile.replace('</beans>', ` <bean id="costAssignmentPolicy" class="${policyClass}"/>\n</beans>`);
}

describe('cost assignment policies in a crawl: what a queue\'s total budget buys (integration)', function () {
  this.timeout(60000);

  const routes = {
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow:\n' },
    '/': { body: page('home', ['/events/1', '/events/2', '/a', '/b']) },
    '/events/1': { body: page('event 1') },
    '/events/2': { body: page('event 2') },
    '/a': { body: page('a') },
    '/b': { body: page('b') },
  };

  // One queue holds the site and its prerequisites (dns:, robots.txt), each charged as the policy says;
  // the queue is retired once it has spent queueTotalBudget, and what it still holds is never fetched.
  const cases: [string, string | undefined, string[]][] = [
    ['UnitCostAssignmentPolicy (the default): 1 a URI', undefined, ['/', '/a', '/events/1', '/events/2', '/robots.txt']],
    ['UnitCostAssignmentPolicy named by its Heritrix ' +
      'class', 'org.archive.crawler.frontier.UnitCostAssignmentPolicy', ['/', '/a', '/events/1', '/events/2', '/robots.txt']],
    // The preparer's CostUriPrecedencePolicy puts the cheaper /a and /b before the events in their queue.
    ['AntiCalendarCostAssignmentPolicy: 2 for each /events/ page, so the budget runs out ' +
      'sooner', 'org.archive.crawler.frontier.AntiCalendarCostAssignmentPolicy', ['/', '/a', '/b', '/events/1', '/robots.txt']],
    ['ZeroCostAssignmentPolicy: nothing is charged, so the budget never runs ' +
      'out', 'ZeroCostAssignmentPolicy', ['/', '/a', '/b', '/events/1', '/events/2', '/robots.txt']],
  ];
  for (const [what, policyClass, fetched] of cases) {
    it(`queueTotalBudget=6 under ${what}`, async () => {
      const site = await SiteServer.start(routes);
      try {
        const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`], ['frontier.queueTotalBudget=6']), { beans: await beansWith(policyClass) });
        expect(exitStatus).to.equal('FINISHED');
        expect(log.filter((e) => e.uri.startsWith('dns:')).length, 'the dns: lookup is charged to the queue too').to.equal(1);
        expect(site.paths().sort(), 'the paths fetched before the queue was retired').to.deep.equal(fetched);
      } finally {
        await site.close();
      }
    });
  }

  it('explain says what each URI costs under the configured policy', async () => {
    const job = await tempDir({ 'crawler-beans.xml': await beansWith('org.archive.crawler.frontier.AntiCalendarCostAssignmentPolicy') });
    try {
      const explained = await explainJob(job.dir, ['http://example.org/events/1', 'http://example.org/a'], ['metadata.operatorContactUrl=http://example.org/contact']);
      expect(explained.map((e) => [e.url, e.cost])).to.deep.equal([['http://example.org/events/1', 2], ['http://example.org/a', 1]]);
    } finally {
      await job.cleanup();
    }
  });
});
