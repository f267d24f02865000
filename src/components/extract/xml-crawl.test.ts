import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';

/** profiles/default.xml with an ExtractorXML after the extractors it already has. */
async function beansWithXml(): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  const last = '<ref bean="extractorSwf"/>';
  if (!profile.includes(last)) throw new Error('profiles/default.xml no longer has extractorSwf in its fetch chain');
  return profile
    .replace(last, `${last}\n    <ref bean="extractorXml"/>`)
    .replace('<bean id="extractorSwf" class="ExtractorSwf"/>', '<bean id="extractorSwf" class="ExtractorSwf"/>\n <bean id="extractorXml" ' +
      'class="org.archive.modules.extractor.ExtractorXML"/>');
}

describe('crawling from an RSS feed with ExtractorXML (integration)', function () {
  this.timeout(30000);
  let site: SiteServer;

  before(async () => {
    site = await SiteServer.start({
      '/post-1.html': { body: page('post 1') },
      '/post-2.html': { body: page('post 2') },
      '/mentioned.html': { body: page('only named in a sentence') },
    });
    site.routes.set('/feed', {
      headers: { 'content-type': 'application/rss+xml' },
      body: `<?xml version="1.0"?>\n<rss><channel><description>see ${site.origin}/mentioned.html</description>\n` +
        `<item><link>${site.origin}/post-1.html</link></item>\n<item><link> ${site.origin}/post-2.html </link></item>\n</channel></rss>\n`,
    });
  });

  after(async () => site.close());

  it('fetches the URIs standing alone in the feed\'s elements, as speculative hops, and not one inside text', async () => {
    const { log, exitStatus } = await crawlJob(fastSets([`${site.origin}/feed`]), { beans: await beansWithXml() });
    expect(exitStatus).to.equal('FINISHED');
    for (const p of ['/post-1.html', '/post-2.html']) {
      expect(log.find((e) => e.uri === site.origin + p), p).to.deep.include({ status: 200, hops: 'X', via: `${site.origin}/feed` });
    }
    expect(site.paths()).to.not.include('/mentioned.html');
  });
});
