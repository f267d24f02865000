import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets, type CrawlLogEntry } from '../support/crawl-job.js';
import { field, readWarcFile } from '../support/warc-reader.js';
import { page, SiteServer } from '../support/site-server.js';

const ok = (log: CrawlLogEntry[]) => log.filter((e) => e.status === 200).map((e) => e.uri);

describe('crawling a site on loopback (integration)', function () {
  this.timeout(30000);

  describe('a small documentation site', () => {
    let site: SiteServer;
    let elsewhere: SiteServer;

    before(async () => {
      elsewhere = await SiteServer.start({ '/': { body: page('elsewhere') } });
      const pages: Record<string, { body: string }> = {};
      for (let i = 0; i < 20; i++) pages[`/docs/page${i}.html`] = { body: page(`page ` +
        `${i}`, [`page${(i + 1) % 20}.html`, `../docs/page${(i * 7) % 20}.html#part`, '/index.html']) };
      site = await SiteServer.start({
        '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' },
        '/': { body: page('home', ['/docs/page0.html', '/private/secret.html', `${elsewhere.origin}/`, '/old', 'mailto:someone@example.org', '/missing.html']) },
        '/index.html': { body: page('index', ['/']) },
        '/old': { status: 301, headers: { location: '/docs/page3.html' } },
        '/private/secret.html': { body: page('secret') },
        ...pages,
      });
    });
    after(async () => {
      await site.close();
      await elsewhere.close();
    });

    it('fetches every page reachable by <a href> exactly once, obeys robots.txt, stays on the site and ends by itself', async () => {
      const { log, exitStatus } = await crawlJob(fastSets([`${site.origin}/`]));
      expect(exitStatus).to.equal('FINISHED');
      const expected = [`${site.origin}/`, `${site.origin}/robots.txt`, `${site.origin}/index.html`, ...Array.from({ length: 20 }, (_, i) => `${site.origin}/docs/page${i}.html`)];
      expect(ok(log).sort()).to.deep.equal(expected.sort());
      expect(new Set(log.map((e) => e.uri)).size).to.equal(log.length);
      expect(elsewhere.requests).to.have.length(0);
      expect(site.paths()).not.to.include('/private/secret.html');
      expect(log.find((e) => e.uri.endsWith('/private/secret.html'))!.status).to.equal(-9998);
      expect(log.find((e) => e.uri.endsWith('/old'))).to.deep.include({ status: 301 });
      expect(log.find((e) => e.uri.endsWith('/missing.html'))).to.deep.include({ status: 404 });
      expect(log.filter((e) => e.uri.startsWith('dns:'))).to.have.length(1);
      expect(log.filter((e) => e.uri.endsWith('/robots.txt'))).to.have.length(1);
      expect(site.maxInFlight).to.equal(1);
    });

    it('leaves WARC files with one response per fetched URI, a JSONL line per document and reports that agree with crawl.log', async () => {
      const warcResponses: string[] = [];
      let jsonl: Array<{ url: string; size: number }> = [];
      let responseCodes = '';
      const { log } = await crawlJob(fastSets([`${site.origin}/`]), {
        inspect: async (run) => {
          for (const f of (await readdir(join(run, 'warcs'))).filter((n) => n.endsWith('.warc.gz'))) {
            for (const r of await readWarcFile(join(run, 'warcs', f))) if (field(r, 'WARC-Type') === 'response') warcResponses.push(field(r, 'WARC-Target-URI')!);
          }
          jsonl = (await readFile(join(run, 'documents.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
          responseCodes = await readFile(join(run, 'reports', 'responsecode-report.txt'), 'utf8');
        },
      });
      const fetched = log.filter((e) => e.status > 0).map((e) => e.uri);
      expect(warcResponses.sort()).to.deep.equal(fetched.sort());
      const documents = log.filter((e) => e.status >= 200 && e.status < 300 && !e.uri.startsWith('dns:') && e.hops !== 'P');
      expect(jsonl.map((d) => d.url).sort()).to.deep.equal(documents.map((e) => e.uri).sort());
      const count200 = log.filter((e) => e.status === 200).length;
      expect(responseCodes).to.match(new RegExp(`^${count200} 200$`, 'm'));
    });

    it('writes crawl.log lines in Heritrix\'s field formats', async () => {
      const { log } = await crawlJob(fastSets([`${site.origin}/`]));
      const home = log.find((e) => e.uri === `${site.origin}/`)!;
      expect(home.line).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z {3}200 {1,10}\d+ http:\/\/127\.0\.0\.1:\d+\/ - - text\/html #\d{3} \d{17}\+\d+ sha1:[A-Z2-7]{32} - -$/);
      const dns = log.find((e) => e.uri.startsWith('dns:'))!;
      expect(dns).to.deep.include({ status: 1, hops: 'P', via: `${site.origin}/`, mime: 'text/dns' });
      const robots = log.find((e) => e.uri.endsWith('/robots.txt'))!;
      expect(robots).to.deep.include({ status: 200, hops: 'P' });
      const moved = log.find((e) => e.uri === `${site.origin}/old`)!;
      expect(moved).to.deep.include({ status: 301, hops: 'L', via: `${site.origin}/` });
      const page1 = log.find((e) => e.uri === `${site.origin}/docs/page1.html`)!;
      expect(page1.hops).to.match(/^L+R?$/);
      const precluded = log.find((e) => e.uri.endsWith('/private/secret.html'))!;
      expect(precluded).to.deep.include({ size: '-', hops: 'L', via: `${site.origin}/` });
    });
  });

  describe('politeness', () => {
    it('waits minDelayMs between two fetches of one host, and never has two in flight', async () => {
      const site = await SiteServer.start({
        '/robots.txt': { status: 404 },
        '/': { body: page('home', ['/a', '/b', '/c']) },
        '/a': { body: page('a') }, '/b': { body: page('b') }, '/c': { body: page('c') },
      });
      try {
        await crawlJob(fastSets([`${site.origin}/`], ['disposition.minDelayMs=150', 'disposition.maxDelayMs=150']));
        const times = site.requests.map((r) => r.at);
        expect(times).to.have.length(5);
        for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).to.be.at.least(140);
        expect(site.maxInFlight).to.equal(1);
      } finally {
        await site.close();
      }
    });

    it('honours robots.txt Crawl-delay and a 503 Retry-After', async () => {
      let served = false;
      const site = await SiteServer.start({
        '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nCrawl-delay: 0.3\n' },
        '/': { body: page('home', ['/busy', '/after']) },
        '/busy': (_req, res) => {
          if (served) return void res.writeHead(200, { 'content-type': 'text/html' }).end(page('busy'));
          served = true;
          res.writeHead(503, { 'retry-after': '1', 'content-type': 'text/html' }).end('busy');
        },
        '/after': { body: page('after') },
      });
      try {
        const { log } = await crawlJob(fastSets([`${site.origin}/`]));
        const pages = site.requests.filter((r) => r.path !== '/robots.txt');
        for (let i = 1; i < pages.length; i++) expect(pages[i].at - pages[i - 1].at, pages[i].path).to.be.at.least(280);
        const busy = pages.findIndex((r) => r.path === '/busy');
        expect(pages[busy + 1].at - pages[busy].at).to.be.at.least(950);
        expect(log.find((e) => e.uri.endsWith('/busy'))!.status).to.equal(503);
      } finally {
        await site.close();
      }
    });
  });

  describe('robots.txt', () => {
    it('allows everything when robots.txt is missing (4xx)', async () => {
      const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home', ['/a']) }, '/a': { body: page('a') } });
      try {
        const { log } = await crawlJob(fastSets([`${site.origin}/`]));
        expect(ok(log)).to.include(`${site.origin}/a`);
      } finally {
        await site.close();
      }
    });

    it('fetches nothing while robots.txt answers 5xx, and gives up after maxRetries', async () => {
      const site = await SiteServer.start({ '/robots.txt': { status: 503 }, '/': { body: page('home') } });
      try {
        const { log } = await crawlJob(fastSets([`${site.origin}/`], ['frontier.retryDelaySeconds=0', 'frontier.maxRetries=2']));
        expect(site.paths().filter((p) => p !== '/robots.txt')).to.deep.equal([]);
        expect(log.find((e) => e.uri === `${site.origin}/`)!.status).to.equal(-61);
      } finally {
        await site.close();
      }
    });

    it('follows no links of a page whose meta robots says nofollow', async () => {
      const site = await SiteServer.start({
        '/robots.txt': { status: 404 },
        '/': { body: page('home', ['/a'], '<meta name="robots" content="nofollow">') },
        '/a': { body: page('a') },
      });
      try {
        await crawlJob(fastSets([`${site.origin}/`]));
        expect(site.paths()).not.to.include('/a');
      } finally {
        await site.close();
      }
    });
  });

  describe('redirects, retries and limits', () => {
    it('treats redirects as R-hop links and ends a redirect loop', async () => {
      const site = await SiteServer.start({
        '/robots.txt': { status: 404 },
        '/': { body: page('home', ['/x']) },
        '/x': { status: 302, headers: { location: '/y' } },
        '/y': { status: 302, headers: { location: '/x' } },
      });
      try {
        const { log, exitStatus } = await crawlJob(fastSets([`${site.origin}/`]));
        expect(exitStatus).to.equal('FINISHED');
        expect(log.find((e) => e.uri.endsWith('/y'))).to.deep.include({ status: 302, hops: 'LR' });
        expect(site.paths().filter((p) => p === '/x')).to.have.length(1);
      } finally {
        await site.close();
      }
    });

    it('makes a seed\'s redirect target a seed, in scope', async () => {
      const target = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('target', ['/inner']) }, '/inner': { body: page('inner') } });
      const seed = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { status: 301, headers: { location: `${target.origin}/` } } });
      try {
        const { log } = await crawlJob(fastSets([`${seed.origin}/`]));
        expect(ok(log)).to.include.members([`${target.origin}/`, `${target.origin}/inner`]);
      } finally {
        await target.close();
        await seed.close();
      }
    });

    it('retries a refused connection maxRetries times, then logs -2 with the try count', async () => {
      const closed = await SiteServer.start({});
      const origin = closed.origin;
      await closed.close();
      const { log } = await crawlJob(fastSets([`${origin}/`], ['frontier.retryDelaySeconds=0', 'frontier.maxRetries=2', 'metadata.robotsPolicyName=ignore']));
      const entry = log.find((e) => e.uri === `${origin}/robots.txt` || e.uri === `${origin}/`)!;
      expect(entry.status).to.equal(-2);
      expect(entry.annotations).to.contain('2t');
    });

    it('stops at maxDocumentsDownload with FINISHED_DOCUMENT_LIMIT', async () => {
      const routes: Record<string, { body: string }> = { '/': { body: page('home', Array.from({ length: 30 }, (_, i) => `/p${i}`)) } };
      for (let i = 0; i < 30; i++) routes[`/p${i}`] = { body: page(`p${i}`) };
      const site = await SiteServer.start({ '/robots.txt': { status: 404 }, ...routes });
      try {
        const { exitStatus, log } = await crawlJob(fastSets([`${site.origin}/`], ['crawlLimiter.maxDocumentsDownload=5', 'crawlController.maxToeThreads=1']));
        expect(exitStatus).to.equal('FINISHED_DOCUMENT_LIMIT');
        expect(ok(log).length).to.be.within(4, 6);
      } finally {
        await site.close();
      }
    });

    it('writes URIs longer than maxUriLength to uri-errors.log and never schedules them', async () => {
      const long = `/${'x'.repeat(2100)}`;
      const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home', [long]) } });
      try {
        const { log, uriErrors } = await crawlJob(fastSets([`${site.origin}/`]));
        expect(log.map((e) => e.uri)).not.to.include(`${site.origin}${long}`);
        expect(uriErrors).to.contain(`${site.origin}${long}`);
      } finally {
        await site.close();
      }
    });
  });
});

describe('redirect limits (integration)', function () {
  this.timeout(30000);

  it('drops a redirect target past candidates.maxRedirects in a row', async () => {
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': { body: page('home', ['/r1']) },
      '/r1': { status: 302, headers: { location: '/r2' } },
      '/r2': { status: 302, headers: { location: '/r3' } },
      '/r3': { body: page('end') },
    });
    try {
      await crawlJob(fastSets([`${site.origin}/`], ['candidates.maxRedirects=1']));
      expect(site.paths()).to.include('/r2');
      expect(site.paths()).not.to.include('/r3');
    } finally {
      await site.close();
    }
  });
});

describe('profile broad (integration)', function () {
  this.timeout(30000);

  it('crawls across three loopback hosts within its hop limit', async () => {
    const c = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('c', ['/deep1']) }, '/deep1': { body: page('d1', ['/deep2']) }, '/deep2': { body: page('d2', ['/deep3']) }, '/deep3': { body: page('d3') } });
    const b = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('b', [`${c.origin}/`]) } });
    const a = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('a', [`${b.origin}/`, '/local']) }, '/local': { body: page('local') } });
    try {
      const { log } = await crawlJob(fastSets([`${a.origin}/`]), { profile: 'broad.xml' });
      const fetched = ok(log);
      expect(fetched).to.include.members([`${a.origin}/`, `${a.origin}/local`, `${b.origin}/`, `${c.origin}/`, `${c.origin}/deep1`]);
      expect(fetched).not.to.include(`${c.origin}/deep2`);
      expect(log.filter((e) => e.uri.startsWith('dns:'))).to.have.length(1); // one address for the three ports
    } finally {
      await a.close();
      await b.close();
      await c.close();
    }
  });
});

describe('alerts.log (integration)', function () {
  this.timeout(30000);

  it('warns of a seed the scope rejects', async () => {
    const site = await SiteServer.start({ '/robots.txt': { status: 404 }, '/': { body: page('home') } });
    try {
      let alerts = '';
      await crawlJob(fastSets([`${site.origin}/`, `${site.origin}/x/x/x/x/trap.html`]), {
        inspect: async (run) => void (alerts = await readFile(join(run, 'logs', 'alerts.log'), 'utf8')),
      });
      expect(alerts).to.match(new RegExp(`^\\S+ WARNING seed ${site.origin}/x/x/x/x/trap.html is out of scope`, 'm'));
    } finally {
      await site.close();
    }
  });
});
