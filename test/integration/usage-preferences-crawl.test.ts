import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { page, SiteServer } from '../support/site-server.js';
import { readWarcFile } from '../support/warc-reader.js';

describe('usage preferences recorded with each capture (integration)', function () {
  this.timeout(30_000);

  it('robots.txt\'s Content-Signal and Content-Usage and the Content-Usage header go to crawl.log, the WARC metadata record and documents.jsonl', async () => {
    const robots = 'User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\nContent-Usage: train-ai=n\nContent-Usage: /open/ train-ai=y\n' +
      'Content-Usage: /bad/ train-ai=perhaps\n';
    const site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: robots },
      '/': { body: page('home', ['/open/a', '/header']) },
      '/open/a': { body: page('open') },
      '/header': { headers: { 'content-usage': 'train-genai=n, train-ai=y' }, body: page('header') },
    });
    const metadata = new Map<string, string>();
    let documents: Record<string, unknown>[] = [];
    try {
      const result = await crawlJob(fastSets([`${site.origin}/`]), {
        inspect: async (runDir) => {
          for (const file of readdirSync(join(runDir, 'warcs')).filter((f) => f.endsWith('.warc.gz'))) {
            for (const r of await readWarcFile(join(runDir, 'warcs', file))) {
              const type = r.fields.find(([k]) => k === 'WARC-Type')?.[1];
              const target = r.fields.find(([k]) => k === 'WARC-Target-URI')?.[1];
              if (type === 'metadata' && target !== undefined) metadata.set(new URL(target).pathname, r.block.toString('utf8'));
            }
          }
          documents = readFileSync(join(runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
          const alerts = readFileSync(join(runDir, 'logs', 'alerts.log'), 'utf8');
          expect(alerts).to.contain('usage preference line not read (line 6: Content-Usage train-ai=perhaps: the value must be y or n)');
        },
      });
      const notes = (path: string) => result.log.find((e) => e.uri === `${site.origin}${path}`)!.annotations.split(',').filter((a) => a.startsWith('content'));
      expect(notes('/')).to.deep.equal(['contentSignal:search=yes;ai-train=no', 'contentUsage:train-ai=n']);
      expect(notes('/open/a')).to.deep.equal(['contentSignal:search=yes;ai-train=no', 'contentUsage:train-ai=y']);
      // The header states more; for a category both state, the more restrictive value applies.
      expect(notes('/header')).to.deep.equal(['contentSignal:search=yes;ai-train=no', 'contentUsage:train-ai=n;train-genai=n']);
      expect(notes('/robots.txt')).to.deep.equal([]);

      expect(metadata.get('/')).to.contain('contentSignal: search=yes, ai-train=no\r\ncontentUsage: train-ai=n\r\n');
      expect(metadata.get('/header')).to.contain('contentUsage: train-ai=n, train-genai=n\r\n');
      const doc = (path: string) => documents.find((d) => d.url === `${site.origin}${path}`);
      expect(doc('/open/a')).to.include({ contentSignal: 'search=yes, ai-train=no', contentUsage: 'train-ai=y' });
    } finally {
      await site.close();
    }
  });
});
