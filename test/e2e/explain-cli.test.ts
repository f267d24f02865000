import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCrawlLog } from '../support/crawl-job.js';
import { BIN, runCli } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

describe('beancrawl explain (the binary)', function () {
  this.timeout(60000);

  it('explains scope and sheets, and the crawl then decides the same', async () => {
    const other = await SiteServer.start({ '/': { body: page('other') } });
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': { body: page('home', ['/in/a.html', `${other.origin}/`, '/x/x/x/x/deep.html']) },
      '/in/a.html': { body: page('a') },
    });
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      await mkdir(join(job, 'sheets'));
      await writeFile(join(job, 'sheets', 'slow.xml'), `<beans>
 <bean id="slow" class="Sheet"><property name="map"><map><entry key="disposition.minDelayMs" value="50"/></map></property></bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${site.origin}/in/</value></list></property>
  <property name="targetSheetNames"><list><value>slow</value></list></property>
 </bean>
</beans>`);
      const urls = [`${site.origin}/in/a.html`, `${other.origin}/`, `${site.origin}/x/x/x/x/deep.html`];
      const r = await runCli(['explain', job, ...urls, '--json']);
      expect(r.code, r.stderr).to.equal(0);
      const explained = JSON.parse(r.stdout) as Array<{ url: string; decision: { decision: string; rule?: string }; sheets: Array<{ sheet: string }>; overrides: Array<{ property: string; value: unknown; at?: string }> }>;
      expect(explained.map((e) => e.decision.decision)).to.deep.equal(['ACCEPT', 'REJECT', 'REJECT']);
      expect(explained[2].decision.rule).to.equal('scope.rules[6]');
      expect(explained[0].sheets.map((s) => s.sheet)).to.deep.equal(['slow']);
      expect(explained[0].overrides[0]).to.include({ property: 'disposition.minDelayMs', value: 50 });
      expect(explained[0].overrides[0].at).to.match(/sheets\/slow\.xml:2:\d+$/);
      expect(explained[1].sheets).to.deep.equal([]);

      const text = await runCli(['explain', job, urls[1]]);
      expect(text.stdout).to.contain('decision: REJECT (rule 1, scope.rules[0])');

      const launched = await runCli(['launch', job, '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=50', '--set', 'disposition.delayFactor=0']);
      expect(launched.code, launched.stderr).to.equal(0);
      const log = parseCrawlLog(await readFile(join(job, 'latest', 'logs', 'crawl.log'), 'utf8'));
      const crawled = new Set(log.map((e) => e.uri));
      explained.forEach((e) => expect(crawled.has(e.url), e.url).to.equal(e.decision.decision === 'ACCEPT'));
      expect(other.requests).to.have.length(0);
    } finally {
      await site.close();
      await other.close();
      await work.cleanup();
    }
  });

  it('reads URLs from stdin when none are given', async () => {
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      await runCli(['create', job, '--seed', 'http://www.example.org/', '--contact', 'https://example.org/contact']);
      const r = spawnSync(process.execPath, [BIN, 'explain', job], { input: 'http://www.example.org/a\n# comment\nhttp://elsewhere.example/\n', encoding: 'utf8' });
      expect(r.status, r.stderr).to.equal(0);
      expect(r.stdout.match(/^http:/gm)).to.have.length(2);
      // No URL and nothing on stdin: said, a usage error, not a silent success.
      const none = spawnSync(process.execPath, [BIN, 'explain', job], { input: '', encoding: 'utf8' });
      expect(none.status, none.stderr).to.equal(2);
      expect(none.stderr).to.contain('explain needs URLs').and.contain('was empty');
    } finally {
      await work.cleanup();
    }
  });
});
