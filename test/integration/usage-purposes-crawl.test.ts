import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { readWarcFile } from '../support/warc-reader.js';

/** Refuses AI training of the whole site but /open/. */
const ROBOTS = 'User-agent: *\nAllow: /\nContent-Signal: /open/ search=yes, ai-train=yes\nContent-Signal: search=yes, ai-train=no\n';

describe('a crawl\'s purposes acted on by UsagePreferenceDecideRule (integration)', function () {
  this.timeout(60_000);
  let site: SiteServer;
  let profile: string;

  before(async () => {
    site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: ROBOTS },
      '/': { body: page('home') },
      '/open/a': { body: page('open') },
    });
    profile = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
  });
  after(async () => site.close());

  const seeds = () => [`${site.origin}/`, `${site.origin}/open/a`];
  const inScope = () => profile
    .replace('<bean class="PrerequisiteAcceptDecideRule"/>', '<bean class="UsagePreferenceDecideRule"/><bean class="PrerequisiteAcceptDecideRule"/>')
    .replace('<bean id="preselector" class="Preselector"/>',
      '<bean id="preselector" class="Preselector"><property name="recheckScope" value="true"/><property name="scope" ref="scope"/></bean>');
  const status = (log: { uri: string; status: number }[], path: string) => log.find((e) => e.uri === `${site.origin}${path}`)?.status;

  it('in the scope, with preselector.recheckScope, a URI whose robots.txt refuses a purpose is never fetched', async () => {
    site.requests.length = 0;
    const { log } = await crawlJob(fastSets(seeds(), ['metadata.purposes=ai-train']), { beans: inScope() });
    expect(status(log, '/robots.txt')).to.equal(200);
    expect(status(log, '/'), 'refused: out of scope once robots.txt is known').to.equal(-5000);
    expect(status(log, '/open/a')).to.equal(200);
    expect(site.requests.map((r) => r.path)).to.not.include('/');
  });

  it('acts on nothing while the crawl declares no purpose (the default)', async () => {
    site.requests.length = 0;
    const { log } = await crawlJob(fastSets(seeds()), { beans: inScope() });
    expect(status(log, '/')).to.equal(200);
  });

  it('as the receivers\' shouldProcessRule, a refused URI is fetched and archived but not handed to the receivers', async () => {
    const beans = profile.replace('<bean id="receivers" class="ReceiverProcessor">',
      '<bean id="receivers" class="ReceiverProcessor"><property name="shouldProcessRule"><bean class="UsagePreferenceDecideRule"/></property>');
    const archived: string[] = [];
    let documents: string[] = [];
    const { log } = await crawlJob(fastSets(seeds(), ['metadata.purposes=search,ai-train']), {
      beans,
      inspect: async (runDir) => {
        for (const file of readdirSync(join(runDir, 'warcs')).filter((f) => f.endsWith('.warc.gz'))) {
          for (const r of await readWarcFile(join(runDir, 'warcs', file))) {
            const field = (name: string) => r.fields.find(([k]) => k === name)?.[1];
            if (field('WARC-Type') === 'response') archived.push(new URL(field('WARC-Target-URI')!).pathname);
          }
        }
        documents = readFileSync(join(runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => new URL(JSON.parse(l).url).pathname);
      },
    });
    expect(status(log, '/')).to.equal(200);
    expect(archived).to.include.members(['/', '/open/a']);
    expect(documents).to.deep.equal(['/open/a']);
  });
});
