import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchJob } from '../../src/job/launch-job.js';
import { verifyJob } from '../../src/job/verify-job.js';
import { isError } from '../../src/util/diagnostic.js';
import { parseCrawlLog } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { field, readWarcFile } from '../support/warc-reader.js';

const HERITRIX_PROFILE = join(REPO_ROOT, '..', 'shared', 'reference', 'heritrix-profile-crawler-beans.cxml');

describe('Heritrix 3\'s own default profile (integration)', function () {
  this.timeout(60000);

  it('verifies unmodified but for the placeholder contact URL, with one warning per bean accepted and not used', async () => {
    const { diagnostics } = await verifyJob(HERITRIX_PROFILE);
    const errors = diagnostics.filter(isError);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ code: 'BC_BEAN_INVALID', bean: 'metadata', property: 'operatorContactUrl' });
    expect(diagnostics.filter((d) => !isError(d)).map((d) => d.bean)).to.deep.equal(['actionDirectory', 'configPathConfigurer']);
  });

  it('crawls with its contact URL and seeds edited in the overrides, writing crawl.log, WARCs and reports', async () => {
    const routes: Record<string, { body: string }> = { '/': { body: page('home', ['/a', '/b']) } };
    for (const p of ['a', 'b']) routes[`/${p}`] = { body: page(p, ['/']) };
    const original = await readFile(HERITRIX_PROFILE, 'utf8');
    const site = await SiteServer.start(routes);
    const edited = original
      .replace('metadata.operatorContactUrl=ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL', 'metadata.operatorContactUrl=http://example.org/contact')
      .replace('http://example.example/example', `${site.origin}/`);
    const job = await tempDir({ 'crawler-beans.cxml': edited });
    try {
      const result = await launchJob(job.dir, { sets: ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0'] });
      expect(result.exitStatus).to.equal('FINISHED');
      const run = join(job.dir, result.runDir);
      const log = parseCrawlLog(await readFile(join(run, 'logs', 'crawl.log'), 'utf8'));
      const fetched = log.filter((e) => e.status === 200 && !e.uri.endsWith('/robots.txt')).map((e) => e.uri).sort();
      expect(fetched).to.deep.equal([`${site.origin}/`, `${site.origin}/a`, `${site.origin}/b`]);
      const warcs = (await readdir(join(run, 'warcs'))).filter((f) => f.endsWith('.warc.gz'));
      expect(warcs).to.have.length(1);
      expect(warcs[0]).to.match(/^WEB-\d{17}-00000-\d+~.+~\d+\.warc\.gz$/);
      const records = await readWarcFile(join(run, 'warcs', warcs[0]));
      const responses = records.filter((r) => field(r, 'WARC-Type') === 'response' && field(r, 'WARC-Target-URI')?.startsWith('http'));
      expect(responses.map((r) => field(r, 'WARC-Target-URI'))).to.include.members(fetched);
      expect(field(records[0], 'WARC-Type')).to.equal('warcinfo');
      expect(await readdir(join(run, 'reports'))).to.include.members(['crawl-report.txt', 'hosts-report.txt', 'seeds-report.txt']);
    } finally {
      await site.close();
      await job.cleanup();
    }
  });
});
