import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../../util/package-root.js';
import type {
  BrowserCounts, FromRenderThread, RenderJob, RenderResult, RenderThreadSettings, ServedMessage, ToRenderThread,
} from './render-messages.js';
import type { Served } from './subresource-cache.js';

/** A page being rendered: how its requests are answered, and who waits for its result. */
interface Rendering {
  readonly serve: (url: string, method: string) => Promise<Served>;
  readonly resolve: (result: RenderResult) => void;
}

/** The longest the thread is given to close its browser at stop, beyond which it is ended with it. */
const CLOSE_MS = 15_000;

/**
 * The crawl's side of the render thread (render-worker.ts): playwright-core and everything it
 * does for a page (the browser's protocol, routing, serialisation) run on a thread of their own,
 * begun with the first page to render, so that the main thread only answers each request a page
 * makes (through the crawl, as any fetch) and a job that renders one site keeps its speed on the
 * others. The thread and the browser it starts run `niceness` above the crawl. A thread that
 * fails fails the pages it had (they go on unrendered) and the next page begins another.
 */
export class RenderThread {
  #worker?: Worker;
  readonly #pages = new Map<number, Rendering>();
  #next = 0;
  #closing?: Promise<void>;
  /** The browser's counters, as of the thread's last answer (summed over the threads begun). */
  counts: BrowserCounts = { launches: 0, tabsOpened: 0, memoryRestarts: 0 };
  #base: BrowserCounts = this.counts;

  constructor(readonly settings: RenderThreadSettings) {}

  /** Renders one page, each of its requests answered by `serve`. */
  render(job: RenderJob, serve: (url: string, method: string) => Promise<Served>): Promise<RenderResult> {
    if (this.#closing) return Promise.resolve({ error: 'the crawl is stopping', crashes: 0 });
    const worker = this.#begun();
    const id = this.#next++;
    return new Promise<RenderResult>((resolve) => {
      this.#pages.set(id, { serve, resolve });
      if (this.#pages.size === 1) worker.ref();
      this.#post(worker, { type: 'render', id, job });
    });
  }

  /** Closes the browser and ends the thread (within CLOSE_MS). */
  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    const worker = this.#worker;
    if (worker === undefined) return;
    const closed = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CLOSE_MS);
      worker.on('message', (m: FromRenderThread) => m.type === 'closed' && (clearTimeout(timer), resolve()));
      worker.once('exit', () => (clearTimeout(timer), resolve()));
    });
    worker.ref();
    this.#post(worker, { type: 'close' });
    await closed;
    await worker.terminate();
  }

  #begun(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(join(packageRoot(), 'dist', 'src', 'components', 'render', 'render-worker.js'), {
      workerData: this.settings, execArgv: [],
    });
    this.#worker = worker;
    this.#base = this.counts;
    worker.unref();
    worker.on('message', (m: FromRenderThread) => this.#heard(worker, m));
    const gone = (why: string) => this.#gone(worker, why);
    worker.on('error', (e) => gone(e.message.split('\n')[0]));
    worker.on('exit', (code) => gone(`the render thread ended (exit code ${code})`));
    return worker;
  }

  #heard(worker: Worker, m: FromRenderThread): void {
    if (m.type === 'serve') {
      const page = this.#pages.get(m.id);
      const answered = page ? page.serve(m.url, m.method) : Promise.resolve<Served>({ kind: 'refused', why: 'its page is gone' });
      void answered
        .catch((e: unknown): Served => ({ kind: 'refused', why: e instanceof Error ? e.message : String(e) }))
        .then((served) => this.#post(worker, { type: 'served', id: m.id, request: m.request, served: exactServed(served) }));
      return;
    }
    this.counts = sum(this.#base, m.counts);
    if (m.type === 'rendered') {
      const page = this.#pages.get(m.id);
      this.#pages.delete(m.id);
      if (this.#pages.size === 0) worker.unref();
      page?.resolve(m.result);
    }
  }

  /** The thread failed or ended: its pages fail, and the next page begins another. */
  #gone(worker: Worker, why: string): void {
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    for (const page of this.#pages.values()) page.resolve({ error: why, crashes: 0 });
    this.#pages.clear();
  }

  #post(worker: Worker, message: ToRenderThread): void {
    worker.postMessage(message);
  }
}

/** What is sent of a response: its body's own bytes (a view into a larger buffer would take the whole buffer across). */
function exactServed(served: Served): ServedMessage {
  return served.kind === 'response' ? { ...served, body: exactBytes(served.body) } : served;
}

/** The bytes of a view, alone in a buffer of their own when the view is part of a larger one. */
export function exactBytes(body: Uint8Array): Uint8Array {
  return body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : new Uint8Array(body);
}

function sum(a: BrowserCounts, b: BrowserCounts): BrowserCounts {
  return { launches: a.launches + b.launches, tabsOpened: a.tabsOpened + b.tabsOpened, memoryRestarts: a.memoryRestarts + b.memoryRestarts };
}
