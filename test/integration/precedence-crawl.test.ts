import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets, type CrawlLogEntry } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';

const ROBOTS = { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow:\n' };

/** The default profile, its bean `id` given `property` (XML) as its first property, and `extra` beans. */
async function profileWith(edits: Record<string, string>, extra = ''): Promise<string> {
  let beans = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  for (const [head, property] of Object.entries(edits)) {
    if (!beans.includes(head)) throw new Error(`profiles/default.xml has no ${head}`);
    beans = beans.replace(head, `${head}\n  ${property}`);
  }
  return beans.replace('</beans>', `${extra}\n</beans>`);
}

/** The paths of `site` in crawl.log order (robots.txt and dns: left out). */
function pathsFetched(log: readonly CrawlLogEntry[], site: SiteServer): string[] {
  return log.filter((e) => e.uri.startsWith(site.origin) && !e.uri.endsWith('/robots.txt')).map((e) => e.uri.slice(site.origin.length));
}

function sheet(id: string, prefix: string, entries: Record<string, string>): string {
  return `
 <bean id="${id}" class="Sheet">
  <property name="map"><map>${Object.entries(entries).map(([k, v]) => `<entry key="${k}" value="${v}"/>`).join('')}</map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${prefix}</value></list></property>
  <property name="targetSheetNames"><list><value>${id}</value></list></property>
 </bean>`;
}

describe('precedence in a crawl: the order URIs are fetched in (integration)', function () {
  this.timeout(60000);

  // The policy as an inner bean of the preparer, or as Heritrix's Precedence1SelfTest writes it: a top-level
  // bean autowired into the preparer, the sheet's path going through that reference all the same.
  const FORMS: Array<[string, Record<string, string>, string]> = [
    ['an inner bean of the preparer', { '<bean id="preparer" class="FrontierPreparer">': '<property name="uriPrecedencePolicy"><bean ' +
      'class="BaseUriPrecedencePolicy"/></property>' }, ''],
    ['a top-level bean autowired into the preparer', {}, '\n <bean id="uriPrecedencePolicy" ' +
      'class="org.archive.crawler.frontier.precedence.BaseUriPrecedencePolicy"/>'],
  ];
  for (const [form, edits, extra] of FORMS) {
    it(`fetches the URIs a sheet gives a lower precedence (preparer.uriPrecedencePolicy.basePrecedence) before the rest of their queue: ${form}`, async () => {
      const site = await SiteServer.start({
        '/robots.txt': ROBOTS,
        '/': { body: page('home', ['/a', '/vip/1', '/b', '/vip/2', '/c']) },
        '/a': { body: page('a') }, '/b': { body: page('b') }, '/c': { body: page('c') },
        '/vip/1': { body: page('vip 1') }, '/vip/2': { body: page('vip 2') },
      });
      try {
        const beans = await profileWith(edits, extra + sheet('vip', `http://(127.0.0.1:${site.port})/vip/`, { 'preparer.uriPrecedencePolicy.basePrecedence': '0' }));
        const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans });
        expect(exitStatus).to.equal('FINISHED');
        expect(pathsFetched(log, site), 'crawl.log order').to.deep.equal(['/', '/vip/1', '/vip/2', '/a', '/b', '/c']);
      } finally {
        await site.close();
      }
    });
  }

  it('fetches embeds before the links found with them (preferenceEmbedHops), and in the order found when it is 0', async () => {
    const site = await SiteServer.start({
      '/robots.txt': ROBOTS,
      '/': { body: '<!doctype html><html><body><a href="/a">a</a> <a href="/b">b</a> <img src="/i.png"></body></html>' },
      '/a': { body: page('a') }, '/b': { body: page('b') },
      '/i.png': { headers: { 'content-type': 'image/png' }, body: 'not really a png' },
    });
    try {
      const embedsFirst = await crawlJob(fastSets([`${site.origin}/`]));
      expect(pathsFetched(embedsFirst.log, site), 'crawl.log order under the default preferenceEmbedHops=1').to.deep.equal(['/', '/i.png', '/a', '/b']);
      const asFound = await crawlJob(fastSets([`${site.origin}/`], ['preparer.preferenceEmbedHops=0']));
      expect(pathsFetched(asFound.log, site), 'crawl.log order with preferenceEmbedHops=0').to.deep.equal(['/', '/a', '/b', '/i.png']);
    } finally {
      await site.close();
    }
  });

  it('holds back a queue whose precedence a sheet puts at the precedenceFloor: never fetched, reported, the crawl FINISHED', async () => {
    const open = await SiteServer.start({ '/robots.txt': ROBOTS, '/': { body: page('open', ['/1']) }, '/1': { body: page('1') } });
    const held = await SiteServer.start({ '/robots.txt': ROBOTS, '/': { body: page('held', ['/1']) }, '/1': { body: page('1') } });
    try {
      const beans = await profileWith(
        { '<bean id="frontier" class="LevelFrontier">': '<property name="queuePrecedencePolicy"><bean class="BaseQueuePrecedencePolicy"/></property>' },
        sheet('held', `http://(127.0.0.1:${held.port})/`, { 'frontier.queuePrecedencePolicy.basePrecedence': '20' }),
      );
      let report = '';
      const { exitStatus, log } = await crawlJob(fastSets([`${open.origin}/`, `${held.origin}/`], ['frontier.precedenceFloor=10']), {
        beans,
        inspect: async (runDir) => {
          report = await readFile(join(runDir, 'reports', 'frontier-summary-report.txt'), 'utf8');
        },
      });
      expect(pathsFetched(log, open)).to.deep.equal(['/', '/1']);
      expect(held.paths(), 'nothing of the held site is fetched').to.deep.equal([]);
      expect(exitStatus, 'URIs left in an ineligible queue do not make the crawl ABORTED').to.equal('FINISHED');
      expect(report).to.include(' Queued:        1');
      expect(report).to.include('           Inactive queues: 0 (p20: 1)');
      expect(report).to.match(/INACTIVE QUEUES =====-----\nINACTIVE#0:\nQueue 127\.0\.0\.1#\d+ \(p20\)\n {2}1 items/);
    } finally {
      await open.close();
      await held.close();
    }
  });
});
