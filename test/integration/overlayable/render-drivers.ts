import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, byEffect, type Driver } from './driver.js';
import { fetchFromSite } from './loopback-fetch.js';
import type { BrowserProcessor } from '../../../src/components/render/browser-processor.js';

/** Chains that are never run: the one URI driven is a stylesheet, which is kept for pages, not rendered. */
const IDLE_CHAIN = { run: () => undefined };

/** BrowserProcessor: the sheet that switches it off for a site leaves that site's responses untouched (no page rendered, nothing kept). */
export const RENDER_DRIVERS: readonly Driver[] = [
  {
    component: 'BrowserProcessor',
    routes: { '/rendered-site.css': { headers: { 'content-type': 'text/css' }, body: 'h1 { color: red }' } },
    cases: [byEffect('enabled', false, 'a response of the site is no longer processed (kept for its pages)', { base: 1, sheet: 0 }, async (overlay, ctx) => {
      const curi = await fetchFromSite(ctx, overlay, '/rendered-site.css');
      const browser = await build<BrowserProcessor>('BrowserProcessor', {
        candidateChain: IDLE_CHAIN, dispositionChain: IDLE_CHAIN, uriUniqFilter: { add: () => true, count: 0 },
        cacheDir: join(tmpdir(), `beancrawl-render-driver-${process.pid}`),
      });
      await browser.start();
      try {
        await browser.process(curi);
        return browser.processed;
      } finally {
        await browser.stop();
      }
    })],
  },
];
