import type { BrowserContext, Dialog, Page, Request, Route } from 'playwright-core';
import type { Tab } from './browser-pool.js';
import { DOM_LINKS_SCRIPT, HEIGHT_SCRIPT, RENDERED_HTML_SCRIPT, SCROLL_SCRIPT, type DomLink } from './dom-links.js';
import type { Served } from './subresource-cache.js';
import { orAfter } from '../../util/or-after.js';

/** What loading and the behaviours of a page are allowed (the processor's properties). */
export interface RenderOptions {
  readonly pageTimeoutMs: number;
  readonly waitUntil: 'load' | 'networkidle' | 'selector';
  readonly networkIdleMs: number;
  readonly waitSelector: string;
  readonly scrollToEnd: boolean;
  readonly scrollMaxSteps: number;
  readonly scrollBudgetMs: number;
  readonly clickSelector: string;
  readonly clickMaxTimes: number;
  readonly clickBudgetMs: number;
  readonly stepWaitMs: number;
  readonly screenshot?: boolean;
}

/** The page to render, as the crawl fetched it: its response is what the browser gets for it (headers as browserHeaders gives them). */
export interface PageToRender {
  readonly uri: string;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** Answers one request of the page (a GET or HEAD of a sub-resource) through the crawl. */
export type ServeRequest = (url: string, method: string) => Promise<Served>;

/** What rendering found: the DOM as markup, its links, what the behaviours did, whether the budget cut it. */
export interface RenderOutcome {
  html?: string;
  links: DomLink[];
  /** Main-frame navigations the page tried (a script setting location): links, not followed. */
  navigations: string[];
  /** WebSockets the page opened, refused (never connected to their server). */
  webSockets: string[];
  screenshot?: Uint8Array;
  scrolls: number;
  clicks: number;
  cut: boolean;
  dialogs: number;
  /** Its renderer crashed, or the browser died, while it rendered: what it showed is lost. */
  crashed: boolean;
}

/** Longest wait for the page to answer a question (its DOM, a scroll) once loaded: a renderer stuck in a loop never answers. */
const ANSWER_MS = 5000;

/** A tab's routing: the handler of the page it renders now, and where that page's refused WebSockets are told. */
interface Router {
  current?: (route: Route) => Promise<void>;
  webSocket?: (url: string) => void;
}

/** Each tab's one route handler (installed with its first page), which hands every request to the page it renders now. */
const routers = new WeakMap<BrowserContext, Router>();

/** Close code of a refused WebSocket: 1008, policy violation. */
const WEBSOCKET_REFUSED = 1008;

async function routed(context: BrowserContext): Promise<Router> {
  let router = routers.get(context);
  if (router === undefined) {
    const r: Router = {};
    router = r;
    routers.set(context, r);
    // A request while no page is rendered (the tab being blanked): nobody's, refused; one of a page already gone is not answered.
    await context.route('**/*', (route) => (r.current ? r.current(route) : route.abort('blockedbyclient')).catch(() => undefined));
    // A WebSocket cannot go through the crawl's fetcher, nor be written to a WARC that replays: never
    // connected to its server (so no page talks to one past robots.txt, scope and politeness), closed
    // at once on the page's side, and counted.
    await context.routeWebSocket(() => true, (ws) => {
      r.webSocket?.(ws.url());
      // A page already gone has no socket left to close.
      ws.close({ code: WEBSOCKET_REFUSED, reason: 'not fetched by the crawl' }).catch(() => undefined);
    });
  }
  return router;
}

/**
 * Renders one fetched page in a tab of its own (a context, reused page after page): every request
 * routed (the page itself from its response, the rest through the crawl's SubresourceFetcher), loaded
 * as `waitUntil` says, then scrolled and clicked as asked, each within its budget and all within
 * pageTimeoutMs. Dialogs are dismissed, windows it opens closed, navigations away refused (kept as links).
 */
export async function renderPage(tab: Pick<Tab, 'context' | 'page'>, target: PageToRender, o: RenderOptions, serve: ServeRequest): Promise<RenderOutcome> {
  const deadline = Date.now() + o.pageTimeoutMs;
  const outcome: RenderOutcome = { links: [], navigations: [], webSockets: [], scrolls: 0, clicks: 0, cut: false, dialogs: 0, crashed: false };
  const mainUrl = new URL(target.uri).href;
  const { context, page } = tab;
  const router = await routed(context);
  const network = new NetworkWatch(page);
  let mainServed = false;
  const handle = async (route: Route) => {
    const request = route.request();
    const url = request.url();
    try {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
        if (!mainServed && url === mainUrl) {
          mainServed = true;
          await route.fulfill({ status: target.status, headers: { ...target.headers }, body: asBuffer(target.body) });
        } else {
          outcome.navigations.push(url);
          await route.abort('blockedbyclient');
        }
        return;
      }
      const served = await serve(url, request.method());
      if (served.kind === 'refused') await route.abort('blockedbyclient');
      else await route.fulfill({ status: served.status, headers: { ...served.headers }, body: asBuffer(served.body) });
    } catch {
      // The page was closed while its request was answered (its budget ran out): nobody is left to answer.
    }
  };
  router.current = handle;
  router.webSocket = (url) => outcome.webSockets.push(url);
  // A crash (of its renderer, or of the whole browser) ends the page at once: nothing it did is kept, nothing more is asked of it.
  let crash: () => void = () => undefined;
  const crashed = new Promise<void>((resolve) => {
    crash = () => {
      outcome.crashed = true;
      resolve();
    };
  });
  page.on('crash', crash);
  context.browser()?.on('disconnected', crash);
  const dismiss = (dialog: Dialog) => {
    outcome.dialogs++;
    // A dialog of a page already closed: nothing to dismiss.
    dialog.dismiss().catch(() => undefined);
  };
  page.on('dialog', dismiss);
  // Windows the page opens are closed at once; their requests are routed meanwhile like the page's.
  // A window already gone: nothing to close.
  const closeOpened = (opened: Page) => opened !== page && opened.close().catch(() => undefined);
  context.on('page', closeOpened);
  try {
    return await loaded(page, mainUrl, o, network, deadline, crashed, outcome);
  } finally {
    // The tab outlives the page: nothing of this page's is left listening on it.
    if (router.current === handle) {
      router.current = undefined;
      router.webSocket = undefined;
    }
    network.stop();
    page.off('crash', crash);
    page.off('dialog', dismiss);
    context.off('page', closeOpened);
    context.browser()?.off('disconnected', crash);
  }
}

/** The page loaded and its behaviours run (renderPage's steps), then what it shows read. */
async function loaded(page: Page, mainUrl: string, o: RenderOptions, network: NetworkWatch, deadline: number, crashed: Promise<void>,
  outcome: RenderOutcome): Promise<RenderOutcome> {
  const left = () => Math.max(0, deadline - Date.now());
  const steps = async () => {
    await page.goto(mainUrl, { waitUntil: 'load', timeout: left() });
    if (o.waitUntil === 'networkidle') outcome.cut ||= !(await network.idle(o.networkIdleMs, deadline));
    else if (o.waitUntil === 'selector' && o.waitSelector) await page.waitForSelector(o.waitSelector, { timeout: left() });
    if (o.scrollToEnd) await scroll(page, o, network, Math.min(deadline, Date.now() + o.scrollBudgetMs), outcome);
    if (o.clickSelector) await click(page, o, network, Math.min(deadline, Date.now() + o.clickBudgetMs), outcome);
  };
  try {
    // The steps of a crashed page are left to fail on their own (their errors are nobody's to hear).
    await Promise.race([steps().catch((e: unknown) => {
      if (!outcome.crashed) throw e;
    }), crashed]);
  } catch (e) {
    // A load, selector or step that ran past the budget (or a page that crashed): what it shows now is kept.
    outcome.cut = true;
    if (/crash/i.test(e instanceof Error ? e.message : String(e))) outcome.crashed = true;
  }
  if (Date.now() >= deadline) outcome.cut = true;
  if (outcome.crashed || !page.context().browser()?.isConnected()) {
    outcome.crashed = true;
    return outcome;
  }
  const links = await answer(page.evaluate(DOM_LINKS_SCRIPT) as Promise<DomLink[]>);
  outcome.links = links ?? [];
  const html = await answer(page.evaluate(RENDERED_HTML_SCRIPT) as Promise<unknown>);
  // A page whose scripts replaced what serializes it gives no markup: it goes on as fetched.
  outcome.html = typeof html === 'string' ? html : undefined;
  if (o.screenshot) outcome.screenshot = await answer(page.screenshot({ fullPage: true, timeout: ANSWER_MS }));
  return outcome;
}

/** A body as playwright-core takes it (a Buffer: a plain Uint8Array, as a message between threads gives it, would be sent as text). */
function asBuffer(body: Uint8Array): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** Scrolls to the bottom while the page grows (a block loaded as it comes into view), each step followed by a wait and an idle network. */
async function scroll(page: Page, o: RenderOptions, network: NetworkWatch, until: number, outcome: RenderOutcome): Promise<void> {
  for (let i = 0; i < o.scrollMaxSteps && Date.now() < until; i++) {
    const before = await answer(page.evaluate(SCROLL_SCRIPT) as Promise<number>);
    if (before === undefined) return;
    outcome.scrolls++;
    await settle(o, network, until);
    const after = await answer(page.evaluate(HEIGHT_SCRIPT) as Promise<number>);
    if (after === undefined || after <= before) return;
  }
}

/** Clicks what clickSelector matches while it does, up to clickMaxTimes. */
async function click(page: Page, o: RenderOptions, network: NetworkWatch, until: number, outcome: RenderOutcome): Promise<void> {
  for (let i = 0; i < o.clickMaxTimes && Date.now() < until; i++) {
    const target = page.locator(o.clickSelector).first();
    if ((await answer(target.count())) !== 1) return;
    try {
      await target.click({ timeout: Math.max(1, Math.min(until - Date.now(), ANSWER_MS)) });
    } catch {
      // Not clickable (hidden, disabled, gone meanwhile): the clicks end here.
      return;
    }
    outcome.clicks++;
    await settle(o, network, until);
  }
}

async function settle(o: RenderOptions, network: NetworkWatch, until: number): Promise<void> {
  if (o.stepWaitMs > 0) await sleep(Math.min(o.stepWaitMs, Math.max(0, until - Date.now())));
  await network.idle(o.networkIdleMs, until);
}

/** The page's answer, or undefined when it gives none in ANSWER_MS (a renderer stuck in a loop) or fails (closed, crashed). */
function answer<T>(p: Promise<T>): Promise<T | undefined> {
  // A page that failed to answer (closed, crashed) has no answer: undefined says so to the caller.
  return orAfter(p.catch(() => undefined), ANSWER_MS, undefined);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The page's requests in flight, and when the last one began or ended. */
class NetworkWatch {
  readonly #inFlight = new Set<Request>();
  #lastChange = Date.now();

  readonly #begun = (r: Request) => this.#change(r, true);
  readonly #ended = (r: Request) => this.#change(r, false);

  constructor(readonly page: Page) {
    page.on('request', this.#begun);
    page.on('requestfinished', this.#ended);
    page.on('requestfailed', this.#ended);
  }

  /** No longer listens to the page (which goes on to render others). */
  stop(): void {
    this.page.off('request', this.#begun);
    this.page.off('requestfinished', this.#ended);
    this.page.off('requestfailed', this.#ended);
  }

  #change(r: Request, begun: boolean): void {
    if (begun) this.#inFlight.add(r);
    else this.#inFlight.delete(r);
    this.#lastChange = Date.now();
  }

  /** True once no request has been in flight for idleMs; false when `until` comes first. */
  async idle(idleMs: number, until: number): Promise<boolean> {
    for (;;) {
      const now = Date.now();
      const quietFor = this.#inFlight.size === 0 ? now - this.#lastChange : -1;
      if (quietFor >= idleMs) return true;
      if (now >= until) return false;
      await sleep(Math.max(5, Math.min(50, until - now, quietFor >= 0 ? idleMs - quietFor : 50)));
    }
  }
}
