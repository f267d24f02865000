import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCrawlLog } from '../support/crawl-job.js';
import { requireServer } from '../support/require-server.js';
import { runCli } from '../support/run-cli.js';
import { SCRIPT_ONLY_PAGES, scriptSite } from '../support/script-site.js';
import { SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const FAST = ['--set', 'disposition.minDelayMs=0', '--set', 'disposition.delayFactor=0', '--set', 'disposition.maxDelayMs=0'];

describe('the javascript-site profile, through the CLI (its bundle starts the render thread, which loads playwright-core)', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('crawls every page of a site whose links only its script writes', async () => {
    const site = await SiteServer.start(scriptSite());
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      const created = await runCli(['create', job, '--profile', 'javascript-site', '--seed', `${site.origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      const r = await runCli(['launch', job, ...FAST, '--set', 'browser.clickSelector=#more'], { timeoutMs: 110_000 });
      expect(r.code, r.stderr).to.equal(0);
      const log = parseCrawlLog(readFileSync(join(job, 'latest', 'logs', 'crawl.log'), 'utf8'));
      const alerts = readFileSync(join(job, 'latest', 'logs', 'alerts.log'), 'utf8');
      const rendered = log.filter((e) => e.annotations.split(',').includes('rendered')).map((e) => new URL(e.uri).pathname).sort();
      expect(rendered, `pages rendered (alerts.log: ${alerts})`).to.deep.equal(['/', ...SCRIPT_ONLY_PAGES].sort());
      expect(site.paths().filter((p) => p === '/app.js'), 'the shared script, requested once').to.have.length(1);
    } finally {
      await site.close();
      await work.cleanup();
    }
  });

  it('explain says whether a URL is rendered, and which sheet decided it', async () => {
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      const origin = 'http://app.example.org';
      const created = await runCli(['create', job, '--profile', 'javascript-site', '--seed', `${origin}/`, '--contact', 'https://example.org/contact']);
      expect(created.code, created.stderr).to.equal(0);
      await mkdir(join(job, 'sheets'));
      await writeFile(join(job, 'sheets', 'plain.xml'), `<beans>
 <bean id="plain" class="Sheet"><property name="map"><map><entry key="browser.enabled" value="false"/></map></property></bean>
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>${origin}/static/</value></list></property>
  <property name="targetSheetNames"><list><value>plain</value></list></property>
 </bean>
</beans>`);
      const json = await runCli(['explain', job, `${origin}/app`, `${origin}/static/page`, '--json']);
      expect(json.code, json.stderr).to.equal(0);
      const explained = JSON.parse(json.stdout) as Array<{ rendering?: { bean: string; enabled: boolean; sheet?: string } }>;
      expect(explained.map((e) => e.rendering)).to.deep.equal([{ bean: 'browser', enabled: true }, { bean: 'browser', enabled: false, sheet: 'plain' }]);
      const text = await runCli(['explain', job, `${origin}/static/page`]);
      expect(text.stdout).to.contain('rendered: no (browser.enabled false, sheet plain)');
    } finally {
      await work.cleanup();
    }
  });
});
