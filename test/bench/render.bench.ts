/**
 * Rendering (BrowserProcessor): rendered pages a second with 1, 2 and 4 pages at once, the
 * crawl's own peak RSS and the browser's (Chromium's processes under this one, summed, at their
 * highest), and the requests the sites got for their shared script (1 in each run: fetched once).
 * Each run crawls as many loopback sites as pages at once (the frontier fetches one URI of a site
 * at a time), PAGES pages each, every page a shell whose links a shared script writes, in process
 * with the default profile, BrowserProcessor at the end of the fetch chain (waitUntil load, no
 * behaviours), politeness delays 0. Not a test: `node dist/test/bench/render.bench.js [PAGES]`
 * after a build; needs /usr/bin/chromium.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crawlJob, fastSets } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { SiteServer, type Route } from '../support/site-server.js';

const PAGES = Number(process.argv[2] ?? 40);

function site(pages: number): Record<string, Route> {
  const routes: Record<string, Route> = {
    '/robots.txt': { status: 404 },
    '/app.js': { headers: { 'content-type': 'text/javascript' }, body: `
      var n = Number(location.pathname.slice(2) || 0), app = document.getElementById('app');
      [n + 1, n + 2].forEach(function (i) {
        if (i < ${pages}) { var a = document.createElement('a'); a.href = '/p' + i; a.textContent = 'page ' + i; app.appendChild(a); }
      });` },
  };
  for (let i = 0; i < pages; i++) {
    routes[i === 0 ? '/' : `/p${i}`] = { body: `<!doctype html><html><head><title>p${i}</title><script src="/app.js" defer></script></head>` +
      `<body><h1>page ${i}</h1><div id="app"></div></body></html>` };
  }
  return routes;
}

/** RSS (KiB) of the processes descending from `root` whose command is chromium, summed. */
function chromiumRssKb(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const comm = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '';
      parent.set(Number(name), ppid);
      if (/chrom/i.test(comm)) rss.set(Number(name), kb);
    } catch {
      // A process that ended while /proc was read: not counted.
    }
  }
  let total = 0;
  for (const [pid, kb] of rss) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += kb;
        break;
      }
    }
  }
  return total;
}

async function run(atOnce: number): Promise<string> {
  const sites = await Promise.all(Array.from({ length: atOnce }, () => SiteServer.start(site(PAGES))));
  const beans = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'))
    .replace('<ref bean="extractorSwf"/>', '<ref bean="extractorSwf"/>\n    <ref bean="browser"/>')
    .replace('</beans>', ` <bean id="browser" class="BrowserProcessor"><property name="maxConcurrentPages" value="${atOnce}"/>` +
      '<property name="waitUntil" value="load"/></bean>\n</beans>');
  let peakRss = 0;
  let peakBrowser = 0;
  const sample = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    peakBrowser = Math.max(peakBrowser, chromiumRssKb(process.pid));
  }, 200);
  const began = Date.now();
  try {
    const { log } = await crawlJob(fastSets(sites.map((s) => `${s.origin}/`), ['crawlController.maxToeThreads=8']), { beans });
    const wall = (Date.now() - began) / 1000;
    const rendered = log.filter((e) => e.annotations.split(',').includes('rendered')).length;
    const scripts = sites.map((s) => s.paths().filter((p) => p === '/app.js').length).join('/');
    return `| ${atOnce} | ${rendered} | ${wall.toFixed(1)} | ${(rendered / wall).toFixed(1)} | ${Math.round(peakRss / 2 ** 20)} | ` +
      `${Math.round(peakBrowser / 1024)} | ${scripts} |`;
  } finally {
    clearInterval(sample);
    await Promise.all(sites.map((s) => s.close()));
  }
}

console.log(`### Rendered pages (${PAGES} pages a site, as many sites as pages at once)\n`);
console.log('| pages at once | pages rendered | wall s | pages/s | crawl peak RSS MiB | browser peak RSS MiB | /app.js requests a site |');
console.log('|---|---|---|---|---|---|---|');
for (const n of [1, 2, 4]) console.log(await run(n));
