import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchJob } from '../../src/job/launch-job.js';
import { verifyJob } from '../../src/job/verify-job.js';
import { isError } from '../../src/util/diagnostic.js';
import { parseCrawlLog } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { skipBecause } from '../support/skip-because.js';
import { tempDir } from '../support/temp-dir.js';
import { field, readWarcFile } from '../support/warc-reader.js';

/** The placeholder line of Heritrix's simpleOverrides, and the example seed of its longerOverrides. */
const CONTACT_PLACEHOLDER = 'metadata.operatorContactUrl=ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL';
const EXAMPLE_SEED = 'http://example.example/example';

/** The beans accepted and not used, with one warning each, in every profile below. */
const IGNORED_BEANS = ['actionDirectory', 'configPathConfigurer'];

const PROFILES: Array<{ name: string; file: string; optional?: boolean; warnings?: string[] }> = [
  {
    name: 'a profile in the style of Heritrix 3\'s default one (test/fixtures/heritrix)',
    file: join(REPO_ROOT, 'test', 'fixtures', 'heritrix', 'profile-crawler-beans.cxml'),
  },
  {
    // Old class names, their properties and the Spring features of real 3.x jobs (see its header).
    name: 'a job in the style of Heritrix 3.0–3.2\'s profile (test/fixtures/heritrix)',
    file: join(REPO_ROOT, 'test', 'fixtures', 'heritrix', 'heritrix-3.2-crawler-beans.cxml'),
    warnings: ['preselector logToFile', 'frontier outbound', 'frontier inbound', ...IGNORED_BEANS],
  },
  {
    // Heritrix's own file is not in the repository: it sits beside it, in the shared reference
    // folder, where there is one. It only adds a check: a clone on its own (CI's) skips it, and
    // the profile written in its style above is checked everywhere.
    name: 'Heritrix 3\'s own default profile (../shared/reference)',
    file: join(REPO_ROOT, '..', 'shared', 'reference', 'heritrix-profile-crawler-beans.cxml'),
    optional: true,
  },
];

/** `id=class` of each top-level bean that a profile builds. */
async function topLevelBeans(file: string): Promise<string[]> {
  const { resolved } = await verifyJob(file, { sets: ['metadata.operatorContactUrl=http://example.org/contact'] });
  return resolved!.beans.filter((b) => !/[.[]/.test(b.id)).map((b) => `${b.id}=${b.def.className}`);
}

for (const profile of PROFILES) {
  describe(`${profile.name} (integration)`, function () {
    this.timeout(60000);

    before(function () {
      if (profile.optional && !existsSync(profile.file)) skipBecause(this, `${profile.file} is not there (it is outside the repository); the ` +
        `profile written in its style is tested all the same`);
    });

    it('verifies unmodified but for the placeholder contact URL, with one warning per bean or property accepted and not used', async () => {
      const { diagnostics } = await verifyJob(profile.file);
      const errors = diagnostics.filter(isError);
      expect(errors).to.have.length(1);
      expect(errors[0]).to.include({ code: 'BC_BEAN_INVALID', bean: 'metadata', property: 'operatorContactUrl' });
      const warnings = diagnostics.filter((d) => !isError(d)).map((d) => [d.bean, d.property].filter(Boolean).join(' '));
      // Heritrix's placeholder seed is a warning (which launch refuses), at its line.
      expect(warnings).to.deep.equal(['seeds textSource', ...(profile.warnings ?? IGNORED_BEANS)]);
      expect(diagnostics.find((d) => d.bean === 'seeds')).to.include({ code: 'BC_SEED_PLACEHOLDER', blocksLaunch: true });
    });

    if (profile.optional) {
      it('has no bean that the profile written in its style lacks, and each of the same class', async () => {
        expect(await topLevelBeans(PROFILES[0].file)).to.include.members(await topLevelBeans(profile.file));
      });
    }

    it('crawls with its contact URL and seeds edited in the overrides, writing crawl.log, WARCs and reports', async () => {
      const routes: Record<string, { body: string }> = { '/': { body: page('home', ['/a', '/b']) } };
      for (const p of ['a', 'b']) routes[`/${p}`] = { body: page(p, ['/']) };
      const original = await readFile(profile.file, 'utf8');
      expect(original).to.include(CONTACT_PLACEHOLDER).and.include(EXAMPLE_SEED);
      const site = await SiteServer.start(routes);
      const edited = original
        .replace(CONTACT_PLACEHOLDER, 'metadata.operatorContactUrl=http://example.org/contact')
        .replace(EXAMPLE_SEED, `${site.origin}/`);
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
}
