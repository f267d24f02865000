import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets, parseCrawlLog } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer, type Route } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { INTERRUPTED } from '../../engine/crawl-controller.js';
import { launchJob } from '../../job/launch-job.js';
import type { CrawlControl } from '../../model/crawl-control.js';

/** The default profile with a `quotaEnforcer` (by its Heritrix class) in the fetch chain right after the preconditions. */
async function beansWithQuotaEnforcer(): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  const withBean = profile.replace('</beans>', ' <bean id="quotaEnforcer" class="org.archive.crawler.prefetch.QuotaEnforcer"/>\n</beans>');
  const inChain = withBean.replace('<ref bean="preconditions"/>', '<ref bean="preconditions"/>\n    <ref bean="quotaEnforcer"/>');
  if (inChain === withBean) throw new Error('the default profile has no <ref bean="preconditions"/> to put the quota enforcer after');
  return inChain;
}

describe('QuotaEnforcer in a crawl of a loopback site (integration)', function () {
  this.timeout(60000);

  const routes = {
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow:\n' },
    '/': { body: page('home', ['/a', '/b', '/c', '/d']) },
    '/a': { body: page('a') },
    '/b': { body: page('b') },
    '/c': { body: page('c') },
    '/d': { body: page('d') },
  };

  // The server's successes: robots.txt, /, /a. The dns: lookup counts for the host name, not the
  // server (host and port), as Heritrix keys it.
  it('stops fetching from a server at serverMaxFetchSuccesses and retires its queue, logging nothing for what is left (forceRetire)', async () => {
    const site = await SiteServer.start(routes);
    try {
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`], ['quotaEnforcer.serverMaxFetchSuccesses=3']), { beans: await beansWithQuotaEnforcer() });
      expect(exitStatus).to.equal('FINISHED');
      expect(site.paths().sort(), 'fetched').to.deep.equal(['/', '/a', '/robots.txt']);
      expect(log.filter((e) => /\/[bcd]$/.test(e.uri)).map((e) => e.line), 'URIs left in the retired queue are not logged').to.deep.equal([]);
    } finally {
      await site.close();
    }
  });

  it('without forceRetire, finishes each URI over the quota with -5003 and the quota\'s name, fetching none of them', async () => {
    const site = await SiteServer.start(routes);
    try {
      const sets = ['quotaEnforcer.hostMaxFetchSuccesses=4', 'quotaEnforcer.forceRetire=false'];
      const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`], sets), { beans: await beansWithQuotaEnforcer() });
      expect(exitStatus).to.equal('FINISHED');
      // Host successes: the dns: lookup, robots.txt, /, /a.
      expect(site.paths().sort(), 'fetched').to.deep.equal(['/', '/a', '/robots.txt']);
      const blocked = log.filter((e) => e.status === -5003);
      expect(blocked.map((e) => new URL(e.uri).pathname).sort()).to.deep.equal(['/b', '/c', '/d']);
      for (const e of blocked) expect(e.annotations.split(','), e.line).to.include('Q:hostMaxFetchSuccesses');
    } finally {
      await site.close();
    }
  });

  it('applies a quota a sheet sets for one site only, as Heritrix operators set quotas', async () => {
    const limited = await SiteServer.start(routes);
    const free = await SiteServer.start(routes);
    try {
      const beans = (await beansWithQuotaEnforcer()).replace('</beans>', `
 <bean id="twoPages" class="Sheet">
  <property name="map"><map><entry key="quotaEnforcer.serverMaxFetchSuccesses" value="2"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${limited.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>twoPages</value></list></property>
 </bean>
</beans>`);
      const { exitStatus } = await crawlJob(fastSets([`${limited.origin}/`, `${free.origin}/`]), { beans });
      expect(exitStatus).to.equal('FINISHED');
      expect(limited.paths().sort(), 'the site under the sheet: robots.txt and the seed').to.deep.equal(['/', '/robots.txt']);
      expect(free.paths().sort(), 'the other site, whole').to.deep.equal(['/', '/a', '/b', '/c', '/d', '/robots.txt']);
    } finally {
      await limited.close();
      await free.close();
    }
  });

  it('goes on counting where an interrupted crawl stopped: the quota holds across the resume', async () => {
    // A chain of pages, each found on the one before, so that the crawl is mid-chain when interrupted.
    const CHAIN = 12;
    const chain: Record<string, Route> = { '/robots.txt': { status: 404 } };
    for (let i = 0; i < CHAIN; i++) chain[`/c${i}`] = { body: page(`c${i}`, i + 1 < CHAIN ? [`/c${i + 1}`] : []), delayMs: 20 };
    const site = await SiteServer.start(chain);
    const job = await tempDir({ 'crawler-beans.xml': await beansWithQuotaEnforcer() });
    // Server successes: robots.txt (a 404 is a success, as in Heritrix), then /c0 to /c6.
    const sets = fastSets([`${site.origin}/c0`], ['quotaEnforcer.serverMaxFetchSuccesses=8', 'quotaEnforcer.forceRetire=false']).map((s) => s.replace(/\\n/g, '\n'));
    let timer: NodeJS.Timeout | undefined;
    const interruptMidChain = (controller: CrawlControl) => {
      timer = setInterval(() => {
        if (site.requests.filter((r) => r.path.startsWith('/c')).length < 3) return;
        clearInterval(timer);
        controller.terminate(INTERRUPTED);
      }, 5);
    };
    try {
      const first = await launchJob(job.dir, { sets, onRunning: interruptMidChain });
      expect(first.exitStatus).to.equal(INTERRUPTED);
      const second = await launchJob(job.dir, { sets });
      expect(second.exitStatus).to.equal('FINISHED');
      expect(second.runDir, 'the second launch is a new run folder of the same crawl').to.not.equal(first.runDir);
      const fetched = [...new Set(site.paths().filter((p) => p.startsWith('/c')))].sort();
      expect(fetched, 'without the stored counts the second launch would fetch 8 more').to.deep.equal(['/c0', '/c1', '/c2', '/c3', '/c4', '/c5', '/c6']);
      const log = parseCrawlLog(await readFile(join(job.dir, second.runDir, 'logs', 'crawl.log'), 'utf8'));
      expect(log.filter((e) => e.status === -5003).map((e) => new URL(e.uri).pathname)).to.deep.equal(['/c7']);
    } finally {
      clearInterval(timer);
      await site.close();
      await job.cleanup();
    }
  });
});
