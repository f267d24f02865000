import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { demoSitePages } from '../../src/job/demo-site.js';
import { parseCrawlLog } from '../support/crawl-job.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('beancrawl demo (the binary)', function () {
  this.timeout(60000);

  it('serves the built-in site on loopback, crawls it, and says where the WARC files, mirror, reports and crawl.log are', async () => {
    const work = await tempDir();
    try {
      const cwd = join(work.dir, 'here');
      await mkdir(cwd);
      const r = await runCli(['demo'], { cwd, timeoutMs: 50000 });
      expect(r.code, r.stderr).to.equal(0);
      expect(r.stdout).to.match(/^FINISHED: /m);
      const job = /the demo crawl is in (\S+):/.exec(r.stdout)?.[1];
      expect(job, r.stdout).to.match(/^jobs\/demo-\d{14}$/);
      for (const what of ['WARC files', 'mirror', 'reports', 'crawl.log']) expect(r.stdout).to.match(new RegExp(`^${what}: ${job}/`, 'm'));
      const log = parseCrawlLog(readFileSync(join(cwd, job!, 'latest', 'logs', 'crawl.log'), 'utf8'));
      // The first site is the one with /about.html; the second site's paths are marked.
      const mainPort = new URL(log.find((e) => e.uri.endsWith('/about.html'))!.uri).port;
      const keyOf = (u: URL) => u.pathname + (u.port === mainPort ? '' : ' (second)');
      const byPath = new Map(log.filter((e) => e.uri.startsWith('http')).map((e) => [keyOf(new URL(e.uri)), e.status]));
      expect(byPath.get('/about.html')).to.equal(200);
      expect(byPath.get('/old-page')).to.equal(301);
      expect(byPath.get('/missing.html')).to.equal(404);
      expect(byPath.get('/docs/changes.html'), 'found through the sitemap only').to.equal(200);
      expect(byPath.get('/private/notes.html'), 'robots.txt keeps it out').to.equal(-9998);
      expect(byPath.get('/news.html (second)')).to.equal(200);
      const warcs = readdirSync(join(cwd, job!, 'latest', 'warcs'));
      expect(warcs.some((f) => f.endsWith('.warc.gz'))).to.equal(true);
      // The mirror: a folder for each site, each page there byte for byte as the site serves it.
      const origins = [...new Set(log.filter((e) => e.uri.startsWith('http')).map((e) => new URL(e.uri).origin))];
      const main = origins.find((o) => new URL(o).port === mainPort)!;
      const other = origins.find((o) => o !== main)!;
      const pages = demoSitePages(main, other);
      const expected = new Map<string, string>();
      for (const [origin, site] of [[main, pages.main], [other, pages.other]] as const) {
        for (const e of log.filter((l) => l.status === 200 && new URL(l.uri).origin === origin && !l.uri.endsWith('/robots.txt'))) {
          const path = new URL(e.uri).pathname;
          expected.set(join(`http_127.0.0.1_${new URL(origin).port}`, path.endsWith('/') ? `${path}index.html` : path), site[path].body!);
        }
      }
      const mirror = join(cwd, job!, 'mirror');
      const files = readdirSync(mirror, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => relative(mirror, join(d.parentPath, d.name)));
      expect(files.sort()).to.deep.equal([...expected.keys()].sort());
      for (const [file, body] of expected) expect(readFileSync(join(mirror, file), 'utf8'), file).to.equal(body);
      expect(r.stdout).to.contain(`open ${join(job!, 'mirror', `http_127.0.0.1_${mainPort}`, 'index.html')}`);
    } finally {
      await work.cleanup();
    }
  });
});
