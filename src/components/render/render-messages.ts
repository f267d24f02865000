import type { PageToRender, RenderOptions, RenderOutcome } from './render-page.js';

/** What the render thread is started with (BrowserProcessor's properties for its browser). */
export interface RenderThreadSettings {
  readonly executablePath: string;
  readonly maxPages: number;
  readonly maxRssBytes: number;
  /** Added to the crawl's nice value for the thread and every browser process it starts (capped at 19). */
  readonly niceness: number;
  /** The thread and every browser process in Linux's idle scheduling class (SCHED_IDLE): only CPU time nothing else wants. */
  readonly idleClass: boolean;
}

/** One page to render: the page as fetched, the user agent its tab reports, the per-URI options. */
export interface RenderJob {
  readonly page: PageToRender;
  readonly userAgent?: string;
  readonly options: RenderOptions;
}

/** What the browser gets for one request of a page (a body comes across as a Uint8Array). */
export type ServedMessage =
  | { readonly kind: 'response'; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: Uint8Array }
  | { readonly kind: 'refused'; readonly why: string };

/** The pool's counters, sent with every answer. */
export interface BrowserCounts {
  readonly launches: number;
  readonly tabsOpened: number;
  readonly memoryRestarts: number;
}

/**
 * How a page went: its outcome (undefined when it failed: `error` says why), and how many times
 * its renderer crashed or its browser died under it (a crash is rendered again once, in a new browser).
 */
export interface RenderResult {
  readonly outcome?: RenderOutcome;
  readonly error?: string;
  readonly crashes: number;
}

/** From the crawl to the render thread. */
export type ToRenderThread =
  | { readonly type: 'render'; readonly id: number; readonly job: RenderJob }
  | { readonly type: 'served'; readonly id: number; readonly request: number; readonly served: ServedMessage }
  | { readonly type: 'close' };

/** From the render thread to the crawl. */
export type FromRenderThread =
  | { readonly type: 'serve'; readonly id: number; readonly request: number; readonly url: string; readonly method: string }
  | { readonly type: 'rendered'; readonly id: number; readonly result: RenderResult; readonly counts: BrowserCounts }
  | { readonly type: 'closed'; readonly counts: BrowserCounts };
