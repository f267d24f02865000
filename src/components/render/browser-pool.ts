import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext } from 'playwright-core';
import { orAfter } from '../../util/or-after.js';

/**
 * playwright-core, required (not imported: the CLI's bundle runs without dynamic import, and keeps
 * the package external) when the first page needs the browser: a crawl that renders nothing never loads it.
 */
const require = createRequire(import.meta.url);

/** Flags added to playwright-core's own (headless, no sandbox, no background networking). */
const CHROMIUM_ARGS = ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'];

/** One launched browser and the pages it has open; a retired one takes no more pages and is closed when its last is released. */
interface Generation {
  readonly browser: Promise<Browser>;
  open: number;
  retired: boolean;
}

/**
 * One headless Chromium, launched on the first page that asks for a tab (playwright-core loaded
 * then), with at most `maxPages` tabs open at once; each page gets a context of its own (its
 * cookies, its routes), service workers blocked so that every request is routed. A browser that
 * died is launched again for the next page; one retired (a page crashed in it, or its processes
 * passed `maxRssBytes` between pages) takes no more pages: the next page launches another, and
 * the retired one is closed once the pages it has open are done.
 */
export class BrowserPool {
  #current?: Generation;
  readonly #of = new WeakMap<BrowserContext, Generation>();
  readonly #live = new Set<Generation>();
  #open = 0;
  readonly #waiting: Array<() => void> = [];
  /** Times a browser was launched. */
  launches = 0;
  /** Times a browser was retired for passing maxRssBytes. */
  memoryRestarts = 0;
  #closed = false;

  constructor(readonly executablePath: string, readonly maxPages: number, readonly maxRssBytes = 0) {}

  /** A new context for one page, once a tab is free; `release` it when done. */
  async context(userAgent?: string): Promise<BrowserContext> {
    if (this.#closed) throw new Error('the browser was closed');
    if (this.#open >= this.maxPages) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#open++;
    const generation = this.#launched();
    generation.open++;
    try {
      const context = await (await generation.browser).newContext({ serviceWorkers: 'block', userAgent, viewport: { width: 1280, height: 900 } });
      this.#of.set(context, generation);
      return context;
    } catch (e) {
      await this.#done(generation);
      throw e;
    }
  }

  /**
   * Closes the page's context (within a bound: a renderer stuck in a loop may not answer) and frees
   * its tab; `retire` (the page crashed) replaces the browser for the next pages. With maxRssBytes,
   * a browser whose processes then hold more is replaced too.
   */
  async release(context: BrowserContext, retire = false): Promise<void> {
    const generation = this.#of.get(context);
    try {
      const closed = await within(context.close().then(() => true), 5000);
      // A context that would not close: the browser is stuck with it, and is replaced for the next pages.
      if (!closed && generation) await this.#closeBrowser(generation);
      else if (generation && (retire || (await this.#overMemory(generation)))) this.#retire(generation);
    } catch {
      // Closing a context of a browser that died: the next page launches another.
      if (generation) this.#retire(generation);
    } finally {
      if (generation) await this.#done(generation);
      this.#open--;
      this.#waiting.shift()?.();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#current = undefined;
    await Promise.all([...this.#live].map((g) => this.#closeBrowser(g)));
  }

  /** Resident bytes of the browser's processes (browser, renderers, GPU and utility processes), from /proc; 0 where unknown. */
  async rssBytes(generation: Generation | undefined = this.#current): Promise<number> {
    // A launch that failed has no processes to measure.
    const browser = generation && (await generation.browser.catch(() => undefined));
    if (!browser?.isConnected()) return 0;
    try {
      const session = await browser.newBrowserCDPSession();
      try {
        const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ id: number }> };
        const sizes = await Promise.all(processInfo.map((p) => residentBytes(p.id)));
        return sizes.reduce((a, b) => a + b, 0);
      } finally {
        // A session of a browser that went away meanwhile: nothing left to detach.
        await session.detach().catch(() => undefined);
      }
    } catch {
      // A browser that went away meanwhile, or a platform without /proc: nothing known.
      return 0;
    }
  }

  async #overMemory(generation: Generation): Promise<boolean> {
    if (this.maxRssBytes <= 0 || generation.retired) return false;
    if ((await this.rssBytes(generation)) <= this.maxRssBytes) return false;
    this.memoryRestarts++;
    return true;
  }

  #retire(generation: Generation): void {
    generation.retired = true;
    if (this.#current === generation) this.#current = undefined;
  }

  async #done(generation: Generation): Promise<void> {
    generation.open--;
    if (generation.retired && generation.open === 0) await this.#closeBrowser(generation);
  }

  async #closeBrowser(generation: Generation): Promise<void> {
    this.#retire(generation);
    this.#live.delete(generation);
    // A launch that failed left nothing to close; a browser that will not close is left to its end.
    const running = await generation.browser.catch(() => undefined);
    if (running) await within(running.close(), 5000);
  }

  #launched(): Generation {
    if (this.#current) return this.#current;
    const generation: Generation = { browser: this.#launch(), open: 0, retired: false };
    this.#current = generation;
    this.#live.add(generation);
    generation.browser.then(
      // A browser that died (its renderer crashed the whole of it, a kill): the next page launches another.
      (browser) => browser.on('disconnected', () => {
        this.#retire(generation);
        this.#live.delete(generation);
      }),
      // A launch that failed is tried again by the next page; this one's caller gets the error.
      () => {
        this.#retire(generation);
        this.#live.delete(generation);
      },
    );
    return generation;
  }

  async #launch(): Promise<Browser> {
    const { chromium } = require('playwright-core') as typeof import('playwright-core');
    this.launches++;
    return chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS });
  }
}

/** VmRSS of a process, from /proc/PID/status; 0 when it is gone or unreadable. */
async function residentBytes(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'latin1');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    // The process ended meanwhile.
    return 0;
  }
}

/** True when the promise settled within ms, false otherwise (it goes on unheard). */
export function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  return orAfter(p.then(() => true), ms, false);
}
