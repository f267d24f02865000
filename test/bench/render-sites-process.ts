/**
 * The mixed job's two sites (render.bench.ts), served by a process of their own so that the crawl
 * measured, a whole `beancrawl launch`, shares its event loop with neither: a tree-shaped script
 * site of RENDERED pages and a plain site of PLAIN pages. Prints `ORIGINS <script site> <plain site>`
 * when both listen. Usage: node render-sites-process.js RENDERED PLAIN
 */
import { countingSite, plainSite, scriptSite } from './render-sites.js';

const [rendered, plain] = process.argv.slice(2).map(Number);
if (!(rendered > 0 && plain > 0)) {
  process.stderr.write('usage: render-sites-process.js RENDERED PLAIN\n');
  process.exit(2);
}
const sites = await Promise.all([countingSite(scriptSite(rendered, true)), countingSite(plainSite(plain))]);
process.stdout.write(`ORIGINS ${sites.map((s) => s.origin).join(' ')}\n`);
