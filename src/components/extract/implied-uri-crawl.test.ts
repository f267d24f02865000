import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';

/** profiles/default.xml with an ExtractorImpliedURI, configured as below, after the other extractors. */
async function beansWithImplied(): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  const last = '<ref bean="extractorSwf"/>';
  if (!profile.includes(last)) throw new Error('profiles/default.xml no longer has extractorSwf in its fetch chain');
  const bean = `<bean id="extractorImplied" class="org.archive.modules.extractor.ExtractorImpliedURI">
  <property name="regex" value="^.*/out\\?to=(http://.*)$"/>
  <property name="format" value="$1"/>
  <property name="removeTriggerUris" value="true"/>
 </bean>`;
  return profile
    .replace(last, `${last}\n    <ref bean="extractorImplied"/>`)
    .replace('<bean id="extractorSwf" class="ExtractorSwf"/>', `<bean id="extractorSwf" class="ExtractorSwf"/>\n ${bean}`);
}

describe('crawling through a redirector\'s links with ExtractorImpliedURI (integration)', function () {
  this.timeout(30000);
  let site: SiteServer;

  before(async () => {
    site = await SiteServer.start({ '/target.html': { body: page('target') }, '/plain.html': { body: page('plain') } });
    site.routes.set('/', { body: page('home', [`/out?to=${site.origin}/target.html`, '/plain.html']) });
  });

  after(async () => site.close());

  it('fetches the URI a redirector link implies, as a speculative hop, and never the redirector link itself', async () => {
    const { log, exitStatus } = await crawlJob(fastSets([`${site.origin}/`]), { beans: await beansWithImplied() });
    expect(exitStatus).to.equal('FINISHED');
    expect(log.find((e) => e.uri === `${site.origin}/target.html`)).to.deep.include({ status: 200, hops: 'X', via: `${site.origin}/` });
    expect(log.find((e) => e.uri === `${site.origin}/plain.html`)).to.deep.include({ status: 200, hops: 'L' });
    expect(site.paths().filter((p) => p.startsWith('/out'))).to.deep.equal([]);
  });
});
