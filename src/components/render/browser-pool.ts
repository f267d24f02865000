import { createRequire } from 'node:module';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * playwright-core, required (not imported: the CLI's bundle runs without dynamic import, and keeps
 * the package external) when the first page needs the browser: a crawl that renders nothing never loads it.
 */
const require = createRequire(import.meta.url);

/** Flags added to playwright-core's own (headless, no sandbox, no background networking). */
const CHROMIUM_ARGS = ['--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'];

/**
 * One headless Chromium, launched on the first page that asks for a tab (playwright-core loaded
 * then, by a dynamic import), with at most `maxPages` tabs open at once; each page gets a context
 * of its own (its cookies, its routes), service workers blocked so that every request is routed.
 * A browser that died is launched again for the next page.
 */
export class BrowserPool {
  #browser?: Promise<Browser>;
  #open = 0;
  readonly #waiting: Array<() => void> = [];
  /** Times a browser was launched. */
  launches = 0;
  #closed = false;

  constructor(readonly executablePath: string, readonly maxPages: number) {}

  /** A new context for one page, once a tab is free; `release` it when done. */
  async context(userAgent?: string): Promise<BrowserContext> {
    if (this.#closed) throw new Error('the browser was closed');
    if (this.#open >= this.maxPages) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#open++;
    try {
      const browser = await this.#launched();
      return await browser.newContext({ serviceWorkers: 'block', userAgent, viewport: { width: 1280, height: 900 } });
    } catch (e) {
      this.#free();
      throw e;
    }
  }

  /** Closes the page's context (within a bound: a renderer stuck in a loop may not answer) and frees its tab. */
  async release(context: BrowserContext): Promise<void> {
    try {
      const closed = await within(context.close().then(() => true), 5000);
      // A context that would not close: the browser is stuck with it, and is replaced for the next pages.
      if (!closed) await this.#restart();
    } catch {
      // Closing a context of a browser that died: the next page launches another.
      this.#browser = undefined;
    } finally {
      this.#free();
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const browser = this.#browser;
    this.#browser = undefined;
    // A browser whose launch failed has nothing to close.
    if (browser) await (await browser.catch(() => undefined))?.close();
  }

  #free(): void {
    this.#open--;
    this.#waiting.shift()?.();
  }

  async #restart(): Promise<void> {
    const browser = this.#browser;
    this.#browser = undefined;
    // A launch that failed left nothing to close.
    const running = browser && (await browser.catch(() => undefined));
    if (running) await within(running.close(), 5000);
  }

  #launched(): Promise<Browser> {
    if (this.#browser) return this.#browser;
    const launching: Promise<Browser> = this.#launch().then((browser) => {
      // A browser that died (its renderer crashed the whole of it, a kill): the next page launches another.
      browser.on('disconnected', () => this.#browser === launching && (this.#browser = undefined));
      return browser;
    });
    this.#browser = launching;
    // A launch that failed is tried again by the next page; this one's caller gets the error.
    launching.catch(() => this.#browser === launching && (this.#browser = undefined));
    return launching;
  }

  async #launch(): Promise<Browser> {
    const { chromium } = require('playwright-core') as typeof import('playwright-core');
    this.launches++;
    return chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS });
  }
}

/** True when the promise settled within ms, false otherwise (it goes on unheard). */
export async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
