/**
 * Crawl speed and memory: the synthetic site (default 20,000 pages, ~8 KB, ~11 links) served
 * from a separate process, crawled by `beancrawl launch` with profiles/site-mirror unchanged but
 * for zero politeness delays; and the bare undici + htmlparser2 loop (1 and 8 in flight) on the
 * same site. Prints pages/s, CPU seconds and peak RSS (GNU time). The quick subset of
 * side-by-side.bench.ts, which adds MemoryFrontier, Crawlee and wget2.
 * Usage: node crawl.bench.js [pages] [repeat]   (PROFILE=default measures the WARC writer and receivers too)
 */
import { sideBySide } from './side-by-side.js';
import { serveSynthetic } from './sites.js';
import { DEFAULT_SHAPE } from './synthetic-site.js';

const pages = Number(process.argv[2] ?? DEFAULT_SHAPE.pages);
const site = await serveSynthetic({ ...DEFAULT_SHAPE, pages });
try {
  const report = await sideBySide(site, { only: ['beancrawl-level', 'bare-1', 'bare-8'], repeat: Number(process.argv[3] ?? 1), profile: process.env.PROFILE ?? 'site-mirror' });
  console.log(report.markdown);
} finally {
  await site.stop();
}
