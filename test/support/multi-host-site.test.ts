import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseAccessLog } from './access-log.js';
import { MultiHostSite } from './multi-host-site.js';
import { tempDir } from './temp-dir.js';
import { until } from './until.js';

/** The absolute URLs of a page's links. */
const hrefs = (html: string, base: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1], base).href);

describe(MultiHostSite.name, function () {
  this.timeout(30_000);
  let site: MultiHostSite;

  afterEach(async () => {
    await site?.close();
  });

  it('serves K pages on each of its hosts, 127.0.0.2 on, all reachable from the first seed and each fetched once by a walk', async () => {
    site = await MultiHostSite.create({ hosts: 4, pagesPerHost: 6, seed: 42 });
    expect(site.hosts).to.deep.equal(['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5']);
    expect(site.seeds).to.deep.equal(site.hosts.map((h) => `http://${h}:${site.port}/`));
    expect(site.pages.size).to.equal(24);
    expect([...site.pages.values()].every((s) => s === 200)).to.equal(true);
    // A breadth-first walk from the first seed alone, as a crawl would go.
    const seen = new Set([site.seeds[0]]);
    const queue = [site.seeds[0]];
    let crossHost = 0;
    for (let url = queue.shift(); url; url = queue.shift()) {
      const res = await fetch(url);
      expect(res.status, url).to.equal(site.pages.get(url));
      expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
      const links = hrefs(await res.text(), url);
      expect(links, url).to.deep.equal(site.linksOf(url));
      for (const link of links) {
        if (new URL(link).host !== new URL(url).host) crossHost++;
        if (!seen.has(link)) {
          seen.add(link);
          queue.push(link);
        }
      }
    }
    expect([...seen].sort()).to.deep.equal([...site.pages.keys()].sort());
    expect(crossHost).to.be.above(0);
    await site.settled();
    expect([...site.fetchCounts().values()].every((n) => n === 1)).to.equal(true);
    // Each request was logged under the host it came to.
    expect(site.log.every((e) => e.url.startsWith(`http://${e.host}:${site.port}/`))).to.equal(true);
    expect(new Set(site.log.map((e) => e.host)).size).to.equal(4);
  });

  it('allows everything in robots.txt, answers 404 for any other path, and logs those too', async () => {
    site = await MultiHostSite.create({ hosts: 2 });
    const robots = await fetch(`http://127.0.0.3:${site.port}/robots.txt`);
    expect(robots.status).to.equal(200);
    expect(await robots.text()).to.equal('User-agent: *\nDisallow:\n');
    const missing = await fetch(`http://127.0.0.3:${site.port}/page/999.html`);
    expect(missing.status).to.equal(404);
    await missing.text();
    await site.settled();
    expect(site.inFlight).to.equal(0);
    expect(site.log.map((e) => [e.host, e.path, e.status])).to.deep.equal([['127.0.0.3', '/robots.txt', 200], ['127.0.0.3', '/page/999.html', 404]]);
    expect(site.linksOf(`http://127.0.0.3:${site.port}/page/999.html`)).to.equal(undefined);
  });

  it('makes the same graph from the same seed, another from another', async () => {
    const graph = async (seed: number) => {
      const s = await MultiHostSite.create({ hosts: 3, pagesPerHost: 4, seed });
      await s.close();
      return [...s.pages.keys()].map((url) => s.linksOf(url)!.map((l) => l.replace(`:${s.port}/`, ':P/')).join(' ')).join('\n');
    };
    expect(await graph(7)).to.equal(await graph(7));
    expect(await graph(7)).to.not.equal(await graph(8));
  });

  it('shows fetches made at once to one host as overlaps, and fetches one after another as none, with their gap', async () => {
    site = await MultiHostSite.create({ hosts: 2, delayMs: 200 });
    const [first, second] = site.seeds;
    const get = async (url: string) => (await fetch(url)).text();
    // Three at once to the first host (the delay keeps each open long enough to overlap the others).
    await Promise.all([first, `${first}page/1.html`, `${first}page/2.html`].map(get));
    // One after another to the second.
    site.delayMs = 20;
    await get(second);
    await get(`${second}page/1.html`);
    await site.settled();
    const [a, b] = site.hosts;
    expect(site.overlapsPerHost()).to.deep.equal(new Map([[a, 3], [b, 0]]));
    expect(site.maxConcurrencyPerHost()).to.deep.equal(new Map([[a, 3], [b, 1]]));
    expect(site.minGapPerHost().get(a)).to.be.below(0);
    expect(site.minGapPerHost().get(b)).to.be.at.least(0);
    for (const e of site.log) expect(e.end - e.start, e.url).to.be.at.least(e.host === a ? 199 : 19);
    site.clearLog();
    expect(site.fetchCounts().size).to.equal(0);
  });

  it('logs a request the client cut while it waited with status 0', async () => {
    site = await MultiHostSite.create({ hosts: 1, delayMs: 60_000 });
    const abort = new AbortController();
    const cut = fetch(site.seeds[0], { signal: abort.signal }).catch((e: Error) => e.name);
    await until(() => site.inFlight === 1, 'the request to arrive');
    abort.abort();
    expect(await cut).to.equal('AbortError');
    await site.settled();
    expect(site.log.map((e) => [e.path, e.status])).to.deep.equal([['/', 0]]);
  });

  it('appends its log to a file as JSON lines', async () => {
    const tmp = await tempDir();
    try {
      const file = join(tmp.dir, 'access.jsonl');
      site = await MultiHostSite.create({ hosts: 2, logFile: file });
      for (const seed of site.seeds) await (await fetch(seed)).text();
      await site.settled();
      const log = [...site.log];
      await site.close();
      expect(parseAccessLog(await readFile(file, 'utf8'))).to.deep.equal(log);
      expect(log.map((e) => e.url)).to.deep.equal(site.seeds);
    } finally {
      await tmp.cleanup();
    }
  });
});
