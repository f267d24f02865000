/**
 * Micro-benchmark of the URL library: ops/s for surt, normalizeUrl, a SURT prefix-set lookup among
 * 10,000 prefixes and robots.txt isAllowed. Not a test: run `node dist/test/bench/url.bench.js`.
 */
import { impliedSurtPrefix } from '../../src/util/url/implied-surt-prefix.js';
import { normalizeUrl } from '../../src/util/url/normalize-url.js';
import { parseRobotsTxt } from '../../src/util/url/robots/parse-robots-txt.js';
import { SurtPrefixSet } from '../../src/util/url/surt-prefix-set.js';
import { surt } from '../../src/util/url/surt.js';

const RUN_MS = 1000;
const UA = 'Mozilla/5.0 (compatible; beancrawl/1.0 +http://example.org/contact)';

let sink = 0;

/** Calls `op` over the inputs for about RUN_MS after a warm-up; returns calls per second. */
function measure(inputs: readonly string[], op: (input: string) => unknown): number {
  const pass = () => {
    for (const input of inputs) if (op(input)) sink++;
  };
  for (let i = 0; i < 20; i++) pass();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < RUN_MS) {
    pass();
    calls += inputs.length;
    elapsed = performance.now() - start;
  }
  return (calls * 1000) / elapsed;
}

function urls(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `http://www${i % 7}.site${i % 500}.example.org/dir${i % 13}/page-${i}.html?q=${i}&sort=asc`);
}

function prefixSet(): SurtPrefixSet {
  const set = new SurtPrefixSet();
  for (let i = 0; i < 10000; i++) set.add(impliedSurtPrefix(i % 2 ? `site${i}.example.org` : `http://www.site${i}.example.com/dir/`));
  return set;
}

function robots() {
  const rules = Array.from({ length: 40 }, (_, i) => `Disallow: /private${i}/\nAllow: /private${i}/public*.html$`).join('\n');
  return parseRobotsTxt(`User-agent: *\nDisallow: /tmp\n\nUser-agent: beancrawl\n${rules}\nDisallow: /*?sessionid=\n`);
}

const sample = urls(1000);
const links = sample.map((url, i) => (i % 3 === 0 ? `../up/${i}.html#frag` : i % 3 === 1 ? `/abs/${i}?a=b` : url));
const set = prefixSet();
const txt = robots();
const figures: Record<string, number> = {
  'surt(url)': measure(sample, surt),
  'normalizeUrl(href, base)': measure(links, (href) => normalizeUrl(href, 'http://www.example.org/a/b/c.html')),
  'SurtPrefixSet.coversUrl (10,000 prefixes)': measure(sample, (url) => set.coversUrl(url)),
  'RobotsTxt.isAllowed (81 rules)': measure(sample, (url) => txt.isAllowed(UA, url)),
};
for (const [name, opsPerSecond] of Object.entries(figures)) {
  console.log(`${name.padEnd(44)} ${Math.round(opsPerSecond).toLocaleString('en-US').padStart(12)} ops/s`);
}
if (sink < 0) console.log(sink);
