import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readArcFile, type ArcRecordRead } from '../../../test/support/arc-reader.js';
import { fastSets, parseCrawlLog, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { parseHttpMessage } from '../../../test/support/warc-reader.js';
import { withoutBean } from '../../../test/support/without-bean.js';
import { launchJob } from '../../job/launch-job.js';

/** The default profile with Heritrix's ARCWriterProcessor in place of its WARC writer. */
async function arcProfile(props: string): Promise<string> {
  const profile = withoutBean(await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'), 'warcWriter');
  return profile
    .replace('<ref bean="candidates"/>', '<ref bean="arcWriter"/>\n    <ref bean="candidates"/>')
    .replace('</beans>', `<bean id="arcWriter" class="org.archive.modules.writer.ARCWriterProcessor">${props}</bean>\n</beans>`);
}

interface ArcOutcome {
  readonly exitStatus: string;
  readonly log: CrawlLogEntry[];
  readonly names: string[];
  /** Each file's records, read by the independent reader, in name order. */
  readonly files: ArcRecordRead[][];
}

async function crawl(sets: readonly string[], beans: string): Promise<ArcOutcome> {
  const job = await tempDir({ 'crawler-beans.xml': beans });
  try {
    const result = await launchJob(job.dir, { sets: [...sets] });
    const run = join(job.dir, result.runDir);
    const log = parseCrawlLog(await readFile(join(run, 'logs', 'crawl.log'), 'utf8'));
    const names = (await readdir(join(run, 'arcs')).catch(() => [] as string[])).sort();
    const files = await Promise.all(names.map((n) => readArcFile(join(run, 'arcs', n))));
    return { exitStatus: result.exitStatus, log, names, files };
  } finally {
    await job.cleanup();
  }
}

describe('ARC writing in a real crawl (integration)', function () {
  this.timeout(30000);
  let site: SiteServer;

  before(async () => {
    site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow:\n' },
      '/': { body: page('home', ['/a.html', '/b.html', '/missing.html']) },
      '/a.html': { body: page('a', ['/b.html']) },
      '/b.html': { body: page('b', ['/']) },
    });
  });
  after(() => site.close());

  it('writes closed .arc.gz files, each headed by a filedesc:// record, with one record per URI crawl.log shows fetched', async () => {
    const outcome = await crawl(fastSets([`${site.origin}/`]), await arcProfile(''));
    expect(outcome.exitStatus).to.equal('FINISHED');
    expect(outcome.names.length).to.be.greaterThan(0);
    for (const [i, name] of outcome.names.entries()) {
      expect(name).to.match(/^IAH-\d{17}-\d{5}-\d+~[^~]+~0\.arc\.gz$/);
      expect(outcome.files[i][0].url).to.equal(`filedesc://${name}`);
      expect(outcome.files[i].slice(1).map((r) => r.url).filter((u) => u.startsWith('filedesc:'))).to.deep.equal([]);
    }
    const records = outcome.files.flatMap((f) => f.slice(1));
    const fetched = outcome.log.filter((e) => e.status > 0).map((e) => e.uri).sort();
    expect(records.map((r) => r.url).sort()).to.deep.equal(fetched);
    expect(fetched).to.include.members(['dns:127.0.0.1', `${site.origin}/robots.txt`, `${site.origin}/a.html`, `${site.origin}/missing.html`]);
    // Each HTTP record is the response as received: its status line is crawl.log's status, its body the page served.
    for (const r of records.filter((x) => x.url.startsWith('http'))) {
      const entry = outcome.log.find((e) => e.uri === r.url)!;
      const http = parseHttpMessage(r.content);
      expect(http.startLine.split(' ')[1]).to.equal(String(entry.status));
      expect(r.ip).to.equal('127.0.0.1');
    }
    const a = records.find((r) => r.url === `${site.origin}/a.html`)!;
    expect(parseHttpMessage(a.content).payload.toString()).to.equal(page('a', ['/b.html']));
    expect(a.mime).to.equal('text/html');
  });

  it('rotates files at a small maxFileSizeBytes: serial numbers in order, each headed by its filedesc:// record', async () => {
    const outcome = await crawl(fastSets([`${site.origin}/`]), await arcProfile('<property name="maxFileSizeBytes" value="600"/><property ' +
      'name="prefix" value="ROT"/>'));
    expect(outcome.names.length).to.be.greaterThan(1);
    expect(outcome.names.map((n) => n.split('-')[2])).to.deep.equal(outcome.names.map((_, i) => String(i).padStart(5, '0')));
    for (const [i, name] of outcome.names.entries()) expect(outcome.files[i][0].url).to.equal(`filedesc://${name}`);
  });
});
