/**
 * A real documentation site served by nginx from loopback (PostgreSQL 15's HTML manual, about
 * 1,170 pages: `apt-get install nginx-light postgresql-doc-15`), crawled by `beancrawl launch` of
 * a job made by `beancrawl create` with profiles/site-mirror and zero politeness delays, against
 * the bare undici + htmlparser2 loop on the same site; median of 3 runs each. Target: beancrawl
 * within 1.5× of the bare loop's wall time. The quick subset of `side-by-side.bench.js --docs`.
 * Usage: node docs-site.bench.js [html folder] [repeat]
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sideBySide } from './side-by-side.js';
import { NGINX, PG_DOCS, serveStatic } from './sites.js';

const DOCS = process.argv[2] ?? PG_DOCS;
if (!NGINX || !existsSync(join(DOCS, 'index.html'))) {
  console.log(`skipped: needs nginx and ${DOCS}/index.html (apt-get install nginx-light postgresql-doc-15)`);
  process.exit(0);
}
const site = await serveStatic(DOCS, 'nginx', '/index.html');
try {
  const report = await sideBySide(site, { only: ['beancrawl-level', 'bare-1'], repeat: Number(process.argv[3] ?? 3), pagesPerSTarget: false });
  console.log(report.markdown);
} finally {
  await site.stop();
}
