import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { orAfter } from '../../util/or-after.js';
import { lowerBrowserGroup } from './lower-browser-group.js';
import { priorityCappedLauncher } from './priority-capped-launcher.js';

/**
 * playwright-core, required (not imported) when the first page needs the browser: a crawl that
 * renders nothing never loads it. The pool lives on the render thread (render-worker.ts).
 */
const require = createRequire(import.meta.url);

/** Flags added to playwright-core's own (headless, no sandbox, no background networking). */
const CHROMIUM_ARGS = ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'];

/**
 * Pages a tab renders before it is closed and another opened: a fresh renderer now and then bounds
 * whatever a renderer keeps from page to page, at the cost of one tab's opening (about 0.3 s of a
 * core) every so many pages.
 */
export const PAGES_A_TAB = 100;
/** Evaluated in a page before its tab is blanked (a page that made its storage unreachable keeps it: nothing to clear). */
const CLEAR_STORAGE_SCRIPT = `(() => {
  try { localStorage.clear(); } catch { /* storage the page cannot reach (an opaque origin): nothing of it to clear */ }
  try { sessionStorage.clear(); } catch { /* the same */ }
})()`;
/** Longest wait for a tab handed back to become blank again; one that does not (a page stuck in a loop) is closed instead. */
const BLANK_MS = 2000;

/**
 * One tab: a context of its own (its cookies, its routes, service workers blocked) with one page,
 * which renders page after page, blanked between them. Opening a context and its page costs a new
 * renderer process, several times a loopback page's whole render, so a tab is kept while it behaves.
 */
export interface Tab {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly userAgent: string | undefined;
  /** Pages it was handed out for. */
  uses: number;
}

/** What becomes of a tab handed back: kept for the next page, closed (a page cut at its budget may still be running), or its browser replaced. */
export type TabFate = 'reuse' | 'close' | 'retire';

/** One launched browser and the pages it has open; a retired one takes no more pages and is closed when its last is released. */
interface Generation {
  readonly browser: Promise<Browser>;
  open: number;
  retired: boolean;
  /** Its tabs not in use, blank, ready for the next page. */
  readonly idle: Tab[];
}

/**
 * One headless Chromium, launched on the first page that asks for a tab (playwright-core loaded
 * then), with at most `maxPages` tabs in use at once; each tab has a context of its own (its
 * cookies, its routes), service workers blocked so that every request is routed, and is reused
 * (blanked, its cookies cleared) for up to PAGES_A_TAB pages while they end within their budget. A browser that
 * died is launched again for the next page; one retired (a page crashed in it, or its processes
 * passed `maxRssBytes` between pages) takes no more pages: the next page launches another, and
 * the retired one is closed once the pages it has open are done.
 */
export class BrowserPool {
  #current?: Generation;
  readonly #of = new WeakMap<Tab, Generation>();
  readonly #live = new Set<Generation>();
  #open = 0;
  readonly #waiting: Array<() => void> = [];
  /** Times a browser was launched. */
  launches = 0;
  /** Tabs opened (each a context and its page; a tab serves up to PAGES_A_TAB pages). */
  tabsOpened = 0;
  /** Times a browser was retired for passing maxRssBytes. */
  memoryRestarts = 0;
  #closed = false;
  /** What is launched: the browser, or (with a niceness) a launcher that keeps it at the priority it is started at. */
  #launcher?: Promise<{ path: string; dir?: string }>;

  /**
   * With a `niceness`, the browser can never raise its processes' priority above the one it inherits
   * (priority-capped-launcher.ts), and its scheduling group is put that far below the crawl's (lower-browser-group.ts);
   * with `idleClass`, its processes run in Linux's idle scheduling class (priority-capped-launcher.ts).
   */
  constructor(readonly executablePath: string, readonly maxPages: number, readonly maxRssBytes = 0, readonly niceness = 0, readonly idleClass = false) {}

  /** A tab for one page (an idle one of the same user agent, or a new one), once one is free; `release` it when done. */
  async tab(userAgent?: string): Promise<Tab> {
    if (this.#closed) throw new Error('the browser was closed');
    if (this.#open >= this.maxPages) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#open++;
    const generation = this.#launched();
    generation.open++;
    const i = generation.idle.findIndex((t) => t.userAgent === userAgent);
    if (i >= 0) {
      const [tab] = generation.idle.splice(i, 1);
      tab.uses++;
      return tab;
    }
    try {
      const context = await (await generation.browser).newContext({ serviceWorkers: 'block', userAgent, viewport: { width: 1280, height: 900 } });
      const tab: Tab = { context, page: await context.newPage(), userAgent, uses: 1 };
      this.tabsOpened++;
      this.#of.set(tab, generation);
      return tab;
    } catch (e) {
      await this.#done(generation);
      this.#open--;
      this.#waiting.shift()?.();
      throw e;
    }
  }

  /**
   * Hands a tab back. `reuse`: blanked and kept for the next page (closed instead once it has served
   * PAGES_A_TAB pages, or when it does not blank in time); `close`: its context closed (within a
   * bound: a renderer stuck in a loop may not answer); `retire` (the page crashed): closed, and the
   * browser replaced for the next pages. With maxRssBytes, a browser whose processes then hold more is replaced too.
   */
  async release(tab: Tab, fate: TabFate = 'close'): Promise<void> {
    const generation = this.#of.get(tab);
    try {
      const reusable = fate === 'reuse' && generation !== undefined && !generation.retired && tab.uses < PAGES_A_TAB &&
        // A tab that fails to blank (its page crashed or closed meanwhile) is closed below rather than kept: nothing is lost.
        (await orAfter(blank(tab).catch(() => false), BLANK_MS, false));
      if (reusable && !(await this.#overMemory(generation))) {
        generation.idle.push(tab);
        // More idle tabs than pages at once (tabs of other user agents): the oldest is closed, unheard (its browser closes it at the latest).
        if (generation.idle.length > this.maxPages) void within(generation.idle.shift()!.context.close(), 5000).catch(() => undefined);
        return;
      }
      const closed = await within(tab.context.close(), 5000);
      // A context that would not close: the browser is stuck with it, and is replaced for the next pages.
      if (!closed && generation) await this.#closeBrowser(generation);
      else if (generation && (fate === 'retire' || reusable || (await this.#overMemory(generation)))) this.#retire(generation);
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
    // A launcher never written (it failed) leaves nothing to remove.
    const dir = (await this.#launcher?.catch(() => undefined))?.dir;
    if (dir) await rm(dir, { recursive: true, force: true });
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
    const generation: Generation = { browser: this.#launch(), open: 0, retired: false, idle: [] };
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
    this.#launcher ??= this.niceness > 0 || this.idleClass ? priorityCappedLauncher(this.executablePath, this.idleClass, this.niceness)
      : Promise.resolve({ path: this.executablePath });
    const launcher = await this.#launcher;
    let browser: Browser;
    try {
      browser = await chromium.launch({ executablePath: launcher.path, args: CHROMIUM_ARGS });
    } catch (e) {
      if (launcher.path === this.executablePath) throw e;
      // The launcher would not run (a temp folder mounted noexec, setpriv refused): the browser itself, from now on.
      this.#launcher = Promise.resolve({ path: this.executablePath, dir: launcher.dir });
      browser = await chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS });
    }
    if (this.niceness > 0) await this.#lowerGroup(browser);
    return browser;
  }

  /** The browser's scheduling group put niceness below the crawl's; a browser that cannot tell its process leaves it as it is. */
  async #lowerGroup(browser: Browser): Promise<void> {
    try {
      const session = await browser.newBrowserCDPSession();
      try {
        const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ id: number; type: string }> };
        const pid = processInfo.find((p) => p.type === 'browser')?.id;
        if (pid !== undefined) await lowerBrowserGroup(pid, this.niceness);
      } finally {
        // A session of a browser that went away meanwhile: nothing left to detach.
        await session.detach().catch(() => undefined);
      }
    } catch {
      // A browser that went away meanwhile: the next page launches another.
    }
  }
}

/**
 * Leaves the tab on about:blank (the page's scripts and timers stopped, nothing of it left to
 * request) with no cookies and its origin's local and session storage emptied: the next page finds
 * nothing of this one's, as in a context of its own.
 */
async function blank(tab: Tab): Promise<boolean> {
  await tab.page.evaluate(CLEAR_STORAGE_SCRIPT);
  await tab.page.goto('about:blank');
  await tab.context.clearCookies();
  return true;
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
