import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseCrawlLog } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { launchJob } from '../../job/launch-job.js';
import { verifyJob } from '../../job/verify-job.js';
import { isError } from '../../util/diagnostic.js';

const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'heritrix', 'mirror-writer-crawler-beans.cxml');
const CONTACT_PLACEHOLDER = 'metadata.operatorContactUrl=ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL';
const EXAMPLE_SEED = 'http://example.example/example';

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(relative(dir, join(e.parentPath, e.name)));
  }
  return out.sort();
}

describe('a Heritrix-style job with MirrorWriterProcessor (integration)', function () {
  this.timeout(60000);
  const LONG_DIR = 'd'.repeat(100);
  const LONG_FILE = `${'f'.repeat(100)}.html`;
  const CSS = 'h1 { color: red }';
  const GZIPPED = gzipSync(Buffer.from(page('compressed')));
  let site: SiteServer;

  before(async () => {
    site = await SiteServer.start({
      '/': { body: page('home', ['/dir/', '/page.html?x=1', '/style', `/${LONG_DIR}/in.html`, `/${LONG_FILE}`, '/%7Ehome/', '/.hidden', '/con/x.html', '/a:b', '/x', '/zipped.html', '/missing.html']) },
      '/dir/': { body: page('dir') },
      '/page.html?x=1': { body: page('query') },
      '/style': { body: CSS, headers: { 'content-type': 'text/css' } },
      [`/${LONG_DIR}/in.html`]: { body: page('in a long folder') },
      [`/${LONG_FILE}`]: { body: page('long name') },
      '/%7Ehome/': { body: page('tilde') },
      '/.hidden': { body: page('hidden') },
      '/con/x.html': { body: page('reserved on Windows') },
      '/a:b': { body: page('colon') },
      '/x': { body: page('a file where a folder is wanted next', ['/x/y.html']) },
      '/x/y.html': { body: page('below x') },
      '/zipped.html': { body: GZIPPED, headers: { 'content-encoding': 'gzip' } },
    });
  });

  after(async () => site.close());

  it('verifies the Heritrix-style file unmodified but for its contact URL', async () => {
    const { diagnostics } = await verifyJob(FIXTURE);
    expect(diagnostics.filter(isError).map((e) => `${e.bean} ${e.property}`)).to.deep.equal(['metadata operatorContactUrl']);
    expect(diagnostics.filter((d) => !isError(d)).map((d) => d.bean)).to.deep.equal(['seeds', 'actionDirectory', 'configPathConfigurer']);
    expect(diagnostics.find((d) => d.bean === 'seeds')?.code).to.equal('BC_SEED_PLACEHOLDER');
  });

  it('writes each response\'s body where Heritrix\'s layout puts it', async () => {
    const beans = (await readFile(FIXTURE, 'utf8'))
      .replace(CONTACT_PLACEHOLDER, 'metadata.operatorContactUrl=http://example.org/contact')
      .replace(EXAMPLE_SEED, `${site.origin}/`);
    const job = await tempDir({ 'crawler-beans.cxml': beans });
    try {
      const result = await launchJob(job.dir, { sets: ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0'] });
      expect(result.exitStatus).to.equal('FINISHED');
      const log = parseCrawlLog(await readFile(join(job.dir, result.runDir, 'logs', 'crawl.log'), 'utf8'));
      expect(log.find((e) => e.uri === `${site.origin}/x/y.html`)?.status, 'x/y.html was fetched').to.equal(200);
      const mirror = join(job.dir, result.runDir, 'mirror');
      // hostMap turns 127.0.0.1 into loopback; createPortDirectory: the URL names its port, so a port folder.
      const top = join('http_loopback', String(site.port));
      const files = await filesUnder(mirror);
      const expected = [
        'index.html', // directoryFile
        'dir/index.html',
        'pagex=1.html', // the query without its `?`, before the suffix (suffixAtEnd)
        'style.css', // contentTypeMap text/css → css
        `${'d'.repeat(64)}/in.html`, // a folder name cut to maxSegLength (64)
        `${'f'.repeat(58)}.html`, // a file name cut to maxSegLength less one, its suffix kept
        '%7Ehome/index.html', // an escape kept as written
        '%2Ehidden', // dotBegin
        '_con/x.html', // underscoreSet
        'a%3Ab', // characterMap
        'x', 'x1/y.html', // a file stands where folder x is wanted: the next number
        'zipped.html',
        'missing.html', // a 404 page: Heritrix writes any status above 0
        'robots.txt',
      ].map((f) => join(top, f)).sort();
      expect(files).to.deep.equal(expected);
      // Files are staged beside the mirror, in a folder removed when the crawl ends.
      expect(await readdir(join(job.dir, result.runDir))).not.to.include('mirror.partial');
      expect(await readFile(join(mirror, top, 'style.css'), 'utf8')).to.equal(CSS);
      expect(await readFile(join(mirror, top, 'pagex=1.html'), 'utf8')).to.equal(page('query'));
      // The entity as received: its content coding kept.
      expect(Buffer.compare(await readFile(join(mirror, top, 'zipped.html')), GZIPPED)).to.equal(0);
    } finally {
      await job.cleanup();
    }
  });
});
