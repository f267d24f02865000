/**
 * Finding a URI's sheets: SheetOverlaysManager.overlayFor with 10, 1,000 and 100,000 SURT
 * prefixes. The cost should follow the length of the URI's SURT, not the number of prefixes.
 */
import { CrawlUri } from '../../src/model/crawl-uri.js';
import { SheetOverlaysManager } from '../../src/sheets/sheet-overlays-manager.js';
import { Sheet } from '../../src/sheets/sheet.js';
import { SurtPrefixesSheetAssociation } from '../../src/sheets/surt-prefixes-sheet-association.js';

const URIS = Array.from({ length: 10_000 }, (_, i) => `http://www.site${i % 5000}.example/section/${i % 13}/page-${i}.html`);

function manager(prefixes: number): SheetOverlaysManager {
  const sheet = new Sheet({ map: {}, primed: new Map([['disposition', { minDelayMs: 10 }]]) });
  sheet.beanName = 'slow';
  const association = new SurtPrefixesSheetAssociation({
    surtPrefixes: Array.from({ length: prefixes }, (_, i) => `http://(example,site${i},`),
    targetSheetNames: ['slow'],
  });
  return new SheetOverlaysManager({ sheets: [sheet], associations: [association] });
}

console.log('| prefixes | lookups/s | µs per lookup | URIs with a sheet |');
console.log('|---|---|---|---|');
for (const n of [10, 1_000, 100_000]) {
  const m = manager(n);
  let hits = 0;
  for (const u of URIS) if (m.overlayFor(new CrawlUri(u))) hits++;
  const rounds = 20;
  const t = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const u of URIS) m.overlayFor(new CrawlUri(u));
  const secs = Number(process.hrtime.bigint() - t) / 1e9;
  const per = secs / (rounds * URIS.length);
  console.log(`| ${n.toLocaleString('en')} | ${(1 / per).toFixed(0)} | ${(per * 1e6).toFixed(2)} | ${hits} |`);
}
