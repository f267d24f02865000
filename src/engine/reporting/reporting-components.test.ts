import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withoutBean } from '../../../test/support/without-bean.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { verifyText } from '../../../test/support/verify-text.js';
import { BeanContainer } from '../../beans/container/bean-container.js';
import { builtInRegistry } from '../../catalog/catalog.js';
import type { CrawlReport } from '../../model/crawl-report.js';
import { KINDS } from '../../model/kinds.js';
import { REPORTING_COMPONENTS } from './reporting-components.js';

describe('the reporting components', () => {
  const registry = builtInRegistry();

  it('register under their names and Heritrix\'s (HtmlReport has no Heritrix class), each property described with a default, each kind a model kind', () => {
    expect(REPORTING_COMPONENTS.map((d) => d.name)).to.deep.equal([
      'StatisticsTracker', 'CrawlSummaryReport', 'SeedsReport', 'HostsReport', 'SourceTagsReport', 'MimetypesReport',
      'ResponseCodeReport', 'ProcessorsReport', 'FrontierSummaryReport', 'ToeThreadsReport', 'FrontierNonemptyReport', 'HtmlReport',
    ]);
    for (const d of REPORTING_COMPONENTS) {
      expect(registry.lookup(d.name), d.name).to.equal(d);
      if (d.name === 'HtmlReport') expect(d.aliases).to.deep.equal([]);
      else expect(registry.lookup(`org.archive.crawler.reporting.${d.name}`), d.name).to.equal(d);
      for (const kind of d.kinds) expect(KINDS as readonly string[], `${d.name} kind`).to.include(kind);
      for (const [name, spec] of Object.entries(d.props)) {
        expect(spec.description, `${d.name}.${name}`).to.be.a('string').and.not.equal('');
        expect(spec.default, `${d.name}.${name} default`).not.to.equal(undefined);
      }
      for (const [name, spec] of Object.entries(d.refs ?? {})) expect(KINDS as readonly string[], `${d.name}.${name}`).to.include(spec.kind);
    }
  });

  it('a statisticsTracker added to the default profile is wired by autowiring, with Heritrix\'s defaults', async () => {
    const profile = withoutBean(await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'), 'statisticsTracker');
    const beans = profile.replace('</beans>', '<bean id="statisticsTracker" class="org.archive.crawler.reporting.StatisticsTracker" ' +
      'autowire="byName"/></beans>');
    const r = await verifyText({ 'crawler-beans.xml': beans }, { registry, sets: ['metadata.operatorContactUrl=http://example.org/contact', 'seeds.textSource.value=https://example.org/'] });
    expect(r.errors).to.deep.equal([]);
    const bean = r.resolved!.byId.get('statisticsTracker')!;
    expect(bean.config).to.deep.include({ intervalSeconds: 20, keepSnapshotsCount: 5, liveHostReportSize: 20, trackSeeds: true, trackSources: true });
    expect(String(bean.config.reportsDir)).to.match(/reports$/);
    expect(String(bean.config.progressLogPath)).to.match(/logs\/progress-statistics\.log$/);
    expect(Object.fromEntries(bean.refs.map((ref) => [ref.property, ref.ids]))).to.deep.include({
      crawlController: ['crawlController'], frontier: ['frontier'], metadata: ['metadata'], seeds: ['seeds'],
      candidateChain: ['candidateProcessors'], fetchChain: ['fetchProcessors'], dispositionChain: ['dispositionProcessors'], crawlLimiter: ['crawlLimiter'],
    });
  });

  it('takes only reports in its reports list', async () => {
    const r = await verifyText({
      'crawler-beans.xml': '<beans><bean id="statisticsTracker" class="StatisticsTracker"><property name="reports"><list><bean ' +
        'class="HostsReport"/><bean class="MemoryUriUniqFilter"/></list></property></bean></beans>',
    }, { registry });
    expect(r.errors.filter((e) => e.includes('"reports"'))).to.have.length(1);
    expect(r.errors.find((e) => e.includes('"reports"'))).to.match(/BC_REF_KIND.*not a Report/);
  });

  it('builds report beans from Heritrix\'s spellings, with their properties', async () => {
    const r = await verifyText({
      'crawler-beans.xml': '<beans><bean id="hosts" class="org.archive.crawler.reporting.HostsReport"><property name="shouldReportAtEndOfCrawl" ' +
        'value="false"/></bean><bean id="nonempty" class="FrontierNonemptyReport"/></beans>',
    }, { registry });
    expect(r.errors).to.deep.equal([]);
    const c = await BeanContainer.build(r.resolved!, { startTimeoutMs: 1000, stopTimeoutMs: 1000 });
    expect([c.get<CrawlReport>('hosts'), c.get<CrawlReport>('nonempty')].map((x) => [x.filename, x.shouldReportAtEndOfCrawl])).to.deep.equal([
      ['hosts-report.txt', false], ['frontier-nonempty-report.txt', true],
    ]);
    await c.stop();
  });
});
