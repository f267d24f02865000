import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fastSets } from '../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../test/support/run-cli.js';
import { page, SiteServer } from '../../test/support/site-server.js';
import { tempDir } from '../../test/support/temp-dir.js';
import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import { Registry } from '../beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../catalog/catalog.js';
import { launchJob } from '../job/launch-job.js';
import type { CrawlUri } from '../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../model/processor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../model/processor-props.js';

/** The URIs the flaky processor has failed once. */
const failedOnce = new Set<string>();

/** A processor whose server answers as a Redis still loading its data does, once for each URI (as a fetch history in Redis may). */
const flakyServerComponent = defineComponent({
  name: 'FlakyServerProcessor',
  description: 'A test processor whose server is not ready at each URI\'s first try.',
  kinds: ['Processor'],
  props: { ...PROCESSOR_PROPS },
  refs: { ...PROCESSOR_REFS },
  load: async (): Promise<ComponentClass> => FlakyServerProcessor,
});

class FlakyServerProcessor extends Processor<typeof flakyServerComponent> {
  protected async innerProcess(curi: CrawlUri): Promise<ProcessResult> {
    if (curi.uri.startsWith('http') && !failedOnce.has(curi.uri)) {
      failedOnce.add(curi.uri);
      throw new Error('LOADING Redis is loading the dataset in memory');
    }
    return PROCEED;
  }
}

describe('a processor whose server fails (integration): retried through the frontier\'s policy, as a connection failure is', function () {
  this.timeout(60_000);

  it('each URI whose try met "LOADING" is tried again and fetched; the failed tries are -2 in nonfatal-errors.log', async () => {
    const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home', ['/a']) }, '/a': { body: page('a') } });
    const beans = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'))
      .replace('<ref bean="fetchHttp"/>', '<ref bean="flaky"/>\n    <ref bean="fetchHttp"/>')
      .replace('</beans>', ' <bean id="flaky" class="FlakyServerProcessor"/>\n</beans>');
    const job = await tempDir({ 'crawler-beans.xml': beans });
    try {
      const registry = new Registry([...BUILT_IN_COMPONENTS, flakyServerComponent]);
      const sets = fastSets([`${site.origin}/`], ['frontier.retryDelaySeconds=0', 'frontier.maxRetries=3']).map((s) => s.replace(/\\n/g, '\n'));
      const result = await launchJob(job.dir, { registry, sets });
      expect(result.exitStatus).to.equal('FINISHED');
      const log = (name: string) => readFile(join(job.dir, result.runDir, 'logs', name), 'utf8');
      const crawled = (await log('crawl.log')).split('\n').filter((l) => l.includes(site.origin));
      expect(crawled.filter((l) => / 200 /.test(l)), crawled.join('\n')).to.have.length(2);
      expect(crawled.filter((l) => / -\d+ /.test(l)), 'no URI ended failed').to.deep.equal([]);
      expect(await log('nonfatal-errors.log')).to.match(new RegExp(` -2 .*${site.origin}/a .*err:LOADING`));
    } finally {
      await job.cleanup();
      await site.close();
    }
  });
});
