import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { SiteServer } from '../support/site-server.js';

describe('display URLs and access URLs (DisplayUrlMapper, a crawl of two loopback sites)', function () {
  this.timeout(60_000);

  it('reports the display URL a rewrite gives beside the URL fetched, and never lets two access URLs share one', async () => {
    const html = { 'content-type': 'text/html' };
    const mirror = await SiteServer.start({
      '/docs/': { headers: html, body: '<a href="a">a</a> <a ' +
        'href="b">b</a>' }, '/docs/a': { headers: html, body: 'A' }, '/docs/b': { headers: html, body: 'B' },
    });
    const other = await SiteServer.start({ '/x': { headers: html, body: 'X' } });
    const profile = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'))
      .replace('<ref bean="fetchHttp"/>', '<ref bean="fetchHttp"/>\n    <ref bean="displayUrls"/>')
      .replace('</beans>', ` <bean id="displayUrls" class="DisplayUrlMapper"><property name="rewrites"><map>
  <entry key="${mirror.origin}/docs/" value="https://docs.example.org/"/>
 </map></property></bean>
</beans>`);
    // The other site's sheet maps its /x onto the display URL the mirror's /docs/a already has.
    const sheet = `<beans>
 <bean id="clash" class="Sheet"><property name="map"><map>
  <entry key="displayUrls.rewrites"><map><entry key="${other.origin}/x" value="https://docs.example.org/a"/></map></entry>
 </map></property></bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${other.origin}/</value></list></property>
  <property name="targetSheetNames"><list><value>clash</value></list></property>
 </bean>
</beans>`;
    let rows: Array<{ url: string; displayUrl?: string }> = [];
    let alerts = '';
    try {
      const result = await crawlJob(fastSets([`${mirror.origin}/docs/`, `${other.origin}/x`]), {
        beans: profile, files: { 'sheets/clash.xml': sheet },
        inspect: async (runDir) => {
          rows = (await readFile(join(runDir, 'documents.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { url: string; displayUrl?: string });
          alerts = await readFile(join(runDir, 'logs', 'alerts.log'), 'utf8');
        },
      });
      expect(result.exitStatus).to.equal('FINISHED');
      const display = new Map(rows.map((r) => [r.url, r.displayUrl]));
      expect(display.get(`${mirror.origin}/docs/`)).to.equal('https://docs.example.org/');
      expect(display.get(`${mirror.origin}/docs/b`)).to.equal('https://docs.example.org/b');
      // One of the two that want https://docs.example.org/a has it; the other keeps its own URL, and an alert names both.
      const wanting = [`${mirror.origin}/docs/a`, `${other.origin}/x`];
      expect(wanting.filter((u) => display.get(u) === 'https://docs.example.org/a')).to.have.length(1);
      expect(wanting.filter((u) => display.get(u) === undefined)).to.have.length(1);
      expect(alerts).to.match(/display URL https:\/\/docs\.example\.org\/a of \S+ is already \S+'s/);
      for (const u of wanting) expect(alerts).to.contain(u);
    } finally {
      await mirror.close();
      await other.close();
    }
  });
});
