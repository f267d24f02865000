import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';

const PREREQUISITES = '    <bean class="PrerequisiteAcceptDecideRule"/>';

/** profiles/default.xml with a UrlFilterDecideRule late in its scope, just before prerequisites are accepted. */
async function defaultProfileWith(rule: string): Promise<string> {
  const profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  expect(profile).to.include(PREREQUISITES);
  return profile.replace(PREREQUISITES, `    ${rule}\n${PREREQUISITES}`);
}

describe('UrlFilterDecideRule in a crawl of a loopback site (integration)', function () {
  this.timeout(30000);
  let site: SiteServer;

  before(async () => {
    site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': { body: page('home', ['/docs/a.html', '/private/secret.html', '/tmp/scratch.html', '/docs/b.html']) },
      '/docs/a.html': { body: page('a', ['/private/other.html', '/docs/deep/c.html']) },
      '/docs/b.html': { body: page('b', ['/tmp/more.html']) },
      '/docs/deep/c.html': { body: page('c', ['/private/third.html']) },
      '/private/secret.html': { body: page('secret') },
      '/private/other.html': { body: page('other') },
      '/private/third.html': { body: page('third') },
      '/tmp/scratch.html': { body: page('scratch') },
      '/tmp/more.html': { body: page('more') },
    });
  });
  after(async () => {
    await site.close();
  });

  it('keeps the crawler off the paths its exclude patterns match, and nowhere else', async () => {
    const beans = await defaultProfileWith(
      '<bean class="UrlFilterDecideRule"><property name="exclude"><list><value>.*/private/.*</value><value>.*/tmp/.*</value></list></property></bean>',
    );
    site.requests.length = 0;
    const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`]), { beans });
    expect(exitStatus).to.equal('FINISHED');
    expect(site.paths().sort()).to.deep.equal(['/', '/docs/a.html', '/docs/b.html', '/docs/deep/c.html', '/robots.txt']);
    expect(log.filter((e) => e.status === 200).map((e) => e.uri.slice(site.origin.length)).sort()).to.deep.equal(['/', '/docs/a.html', '/docs/b.html', '/docs/deep/c.html']);
  });

  it('without the rule, the same crawl fetches those paths', async () => {
    site.requests.length = 0;
    await crawlJob(fastSets([`${site.origin}/`]));
    expect(site.paths()).to.include.members(['/private/secret.html', '/private/other.html', '/private/third.html', '/tmp/scratch.html', '/tmp/more.html']);
  });
});
