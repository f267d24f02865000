import { expect } from 'chai';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { page, SiteServer, type Route } from '../support/site-server.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/run-cli.js';

function site(): Promise<SiteServer> {
  const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', ['/a', '/b', '/c']) } };
  for (const p of ['a', 'b', 'c']) routes[`/${p}`] = { body: page(p) };
  return SiteServer.start(routes);
}

function gaps(s: SiteServer): number[] {
  const t = s.requests.map((r) => r.at);
  return t.slice(1).map((x, i) => x - t[i]);
}

describe('override sheets (integration)', function () {
  this.timeout(30000);

  it('gives each host the politeness of its own sheet', async () => {
    const slow = await site();
    const fast = await site();
    try {
      const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
      const beans = profile.replace('</beans>', `
 <import resource="classpath:sheets/fast-intranet.xml"/>
 <bean id="slowSheet" class="Sheet">
  <property name="map"><map>
   <entry key="disposition.minDelayMs" value="250"/>
   <entry key="disposition.maxDelayMs" value="250"/>
  </map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>http://(127.0.0.1:${slow.port})/</value></list></property>
  <property name="targetSheetNames"><list><value>slowSheet</value></list></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${fast.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>fastIntranet</value></list></property>
 </bean>
</beans>`);
      // The bean's own delay (2 s) far from either sheet's, so that a loaded machine cannot blur which one a gap shows.
      const sets = ['metadata.operatorContactUrl=http://example.org/contact', 'disposition.minDelayMs=2000', 'disposition.maxDelayMs=2000',
        `seeds.textSource.value=${slow.origin}/\\n${fast.origin}/`];
      const { log } = await crawlJob(sets, { beans });
      expect(log.filter((e) => e.status === 200)).to.have.length(8);
      for (const g of gaps(slow)) expect(g, `the slow host's gaps: ${gaps(slow)}`).to.be.within(240, 1999);
      expect(Math.max(...gaps(fast)), `the fast host's gaps: ${gaps(fast)}`).to.be.below(1000);
    } finally {
      await slow.close();
      await fast.close();
    }
  });

  it('applies a budget sheet to one host only', async () => {
    const limited = await site();
    const free = await site();
    try {
      const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
      const beans = profile.replace('</beans>', `
 <bean id="tiny" class="Sheet">
  <property name="map"><map><entry key="frontier.queueTotalBudget" value="3"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${limited.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>tiny</value></list></property>
 </bean>
</beans>`);
      await crawlJob(fastSets([`${limited.origin}/`, `${free.origin}/`]), { beans });
      expect(free.paths().filter((p) => p !== '/robots.txt')).to.have.length(4);
      expect(limited.paths().filter((p) => p !== '/robots.txt').length).to.be.below(4);
    } finally {
      await limited.close();
      await free.close();
    }
  });

  it('limits the hops of one site by a sheet on TooManyHopsDecideRule.maxHops, as explain says', async () => {
    // A chain of pages: / -> /1 -> /2 -> ... -> /6, on two hosts; only the sheet's host is cut at one hop.
    const chain = () => {
      const routes: Record<string, Route> = { '/robots.txt': { status: 404 }, '/': { body: page('home', ['/1']) } };
      for (let i = 1; i <= 6; i++) routes[`/${i}`] = { body: page(`p${i}`, i < 6 ? [`/${i + 1}`] : []) };
      return SiteServer.start(routes);
    };
    const near = await chain();
    const far = await chain();
    try {
      const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
      const beans = profile.replace('</beans>', `
 <bean id="oneHop" class="Sheet">
  <property name="map"><map><entry key="scope.rules[2].maxHops" value="1"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${near.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>oneHop</value></list></property>
 </bean>
</beans>`);
      expect(profile, 'the default profile\'s third scope rule').to.match(/<ref bean="acceptSurts"\/>\s*<!--[^>]*-->\s*<bean class="TooManyHopsDecideRule">/);
      await crawlJob(fastSets([`${near.origin}/`, `${far.origin}/`]), { beans });
      expect(near.paths().filter((p) => p !== '/robots.txt').sort()).to.deep.equal(['/', '/1']);
      expect(far.paths().filter((p) => p !== '/robots.txt')).to.have.length(7);
    } finally {
      await near.close();
      await far.close();
    }
  });

  it('switches a scope rule off for one prefix only', async () => {
    const trap = () => SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home', ['/a/a/a/a/x.html']) }, '/a/a/a/a/x.html': { body: page('deep') } });
    const allowed = await trap();
    const strict = await trap();
    try {
      const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
      const beans = profile.replace('</beans>', `
 <bean id="trapsAllowed" class="Sheet">
  <property name="map"><map><entry key="scope.rules[6].enabled" value="false"/></map></property>
 </bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${allowed.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>trapsAllowed</value></list></property>
 </bean>
</beans>`);
      await crawlJob(fastSets([`${allowed.origin}/`, `${strict.origin}/`]), { beans });
      expect(allowed.paths()).to.include('/a/a/a/a/x.html');
      expect(strict.paths()).not.to.include('/a/a/a/a/x.html');
    } finally {
      await allowed.close();
      await strict.close();
    }
  });

  it('lets the ignoreRobots sheet lift robots.txt for one site only', async () => {
    const forbidding = () => SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /\n' },
      '/': { body: page('home', ['/a']) }, '/a': { body: page('a') },
    });
    const lifted = await forbidding();
    const obeyed = await forbidding();
    try {
      const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
      const beans = profile.replace('</beans>', `
 <import resource="classpath:sheets/ignore-robots.xml"/>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${lifted.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>ignoreRobots</value></list></property>
 </bean>
</beans>`);
      await crawlJob(fastSets([`${lifted.origin}/`, `${obeyed.origin}/`]), { beans });
      expect(lifted.paths()).to.include.members(['/', '/a']);
      expect(obeyed.paths()).to.deep.equal(['/robots.txt']);
    } finally {
      await lifted.close();
      await obeyed.close();
    }
  });
});
