import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';

describe('IpQueueAssignmentPolicy in a crawl of two loopback sites on one address (integration)', function () {
  this.timeout(30000);

  it('fetches each page and each robots.txt once, every prerequisite in the queue of the URI that needed it', async () => {
    const routes = (name: string) => ({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /no/\n' },
      '/': { body: page(name, ['/a', '/b', '/no/x']) },
      '/a': { body: page(`${name} a`, ['/c']) },
      '/b': { body: page(`${name} b`) },
      '/c': { body: page(`${name} c`) },
    });
    const one = await SiteServer.start(routes('one'));
    const two = await SiteServer.start(routes('two'));
    try {
      const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
      const beans = profile.replace('</beans>', ' <bean id="queueAssignmentPolicy" class="org.archive.crawler.frontier.IPQueueAssignmentPolicy"/>\n</beans>');
      const { exitStatus, log } = await crawlJob(fastSets([`${one.origin}/`, `${two.origin}/`]), { beans });
      expect(exitStatus).to.equal('FINISHED');
      for (const site of [one, two]) {
        expect(site.paths().sort(), site.origin).to.deep.equal(['/', '/a', '/b', '/c', '/robots.txt']);
        expect(log.find((e) => e.uri === `${site.origin}/no/x`)?.status).to.equal(-9998);
      }
      expect(log.filter((e) => e.status < 0 && e.status !== -9998).map((e) => e.line)).to.deep.equal([]);
      expect(log.filter((e) => e.uri.startsWith('dns:')).length).to.be.within(1, 2); // one a seed: both first contacts may run at once
    } finally {
      await one.close();
      await two.close();
    }
  });
});
