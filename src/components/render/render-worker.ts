// The render thread of BrowserProcessor (render-thread.ts): drives Chromium through playwright-core
// off the crawl's main thread, at a lower priority, and asks the crawl for every request a page makes.
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { BrowserPool } from './browser-pool.js';
import { moveThisThreadToIdleClass } from './idle-class.js';
import type { BrowserCounts, FromRenderThread, RenderJob, RenderResult, RenderThreadSettings, ServedMessage, ToRenderThread } from './render-messages.js';
import { renderPage, type RenderOutcome } from './render-page.js';
import type { Served } from './subresource-cache.js';

const settings = workerData as RenderThreadSettings;
lowerPriority(settings.niceness);
// Its pages wait for this (a few ms, once): a page rendered meanwhile would run at the normal class.
const idle = settings.idleClass ? moveThisThreadToIdleClass() : Promise.resolve(false);
const pool = new BrowserPool(settings.executablePath, settings.maxPages, settings.maxRssBytes, settings.niceness, settings.idleClass);
/** Requests of pages waiting for the crawl's answer, by their number. */
const asked = new Map<number, (served: ServedMessage) => void>();
let nextRequest = 0;

const port = parentPort!;
const send = (message: FromRenderThread) => port.postMessage(message);
port.on('message', (message: ToRenderThread) => {
  if (message.type === 'render') {
    void render(message.id, message.job).then((result) => send({ type: 'rendered', id: message.id, result, counts: counts() }));
  } else if (message.type === 'served') {
    asked.get(message.request)?.(message.served);
    asked.delete(message.request);
  } else {
    // A browser that would not close is left to end with the thread, which the crawl ends next.
    void pool.close().catch(() => undefined).then(() => send({ type: 'closed', counts: counts() }));
  }
});

/**
 * Renders one page in a tab of the pool; a page whose renderer crashed (or whose browser died)
 * has its browser replaced and is rendered once more: crashing again, it failed.
 */
async function render(id: number, job: RenderJob): Promise<RenderResult> {
  const serve = (url: string, method: string) => new Promise<Served>((resolve) => {
    const request = nextRequest++;
    asked.set(request, resolve as (served: ServedMessage) => void);
    send({ type: 'serve', id, request, url, method });
  });
  await idle;
  let crashes = 0;
  try {
    for (;;) {
      const tab = await pool.tab(job.userAgent);
      let outcome: RenderOutcome | undefined;
      try {
        outcome = await renderPage(tab, job.page, job.options, serve);
      } finally {
        // A page cut at its budget, or that would not answer, may still be busy: its tab is not given to another.
        await pool.release(tab, outcome?.crashed ? 'retire' : outcome !== undefined && !outcome.cut && outcome.html !== undefined ? 'reuse' : 'close');
      }
      if (!outcome.crashed) return { outcome, crashes };
      if (++crashes >= 2) return { error: 'its renderer crashed twice', crashes };
    }
  } catch (e) {
    return { error: e instanceof Error ? e.message.split('\n')[0] : String(e), crashes };
  }
}

function counts(): BrowserCounts {
  return { launches: pool.launches, tabsOpened: pool.tabsOpened, memoryRestarts: pool.memoryRestarts };
}

/**
 * Raises this thread's nice value by `by` (Linux keeps one a thread): the browser's processes,
 * started from this thread, inherit it, so a machine short of cores serves the crawl's own
 * thread first. A system that refuses leaves the priority as it is.
 */
function lowerPriority(by: number): void {
  // Elsewhere the call sets the whole process's priority, the crawl's own with it.
  if (by <= 0 || process.platform !== 'linux') return;
  try {
    setPriority(Math.min(19, getPriority() + by));
  } catch {
    // No such call here (a platform without per-thread priorities): the thread runs at the crawl's priority.
  }
}
