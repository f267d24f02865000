import type { CrawlControl } from '../model/crawl-control.js';

import type { RecentRate } from '../wire/job-status.js';

export type { RecentRate };

/** Samples the crawl's totals every few seconds, keeping about a minute of them. */
export class RecentRates {
  static readonly EVERY_MS = 2000;
  static readonly KEPT = 30;
  readonly #samples: Array<{ at: number; documents: number; bytes: number; done: number }> = [];
  readonly #timer: NodeJS.Timeout;

  constructor(readonly controller: CrawlControl) {
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), RecentRates.EVERY_MS).unref();
  }

  now(): RecentRate {
    const now = this.#sampleOf();
    const first = this.#samples[0];
    const seconds = (now.at - first.at) / 1000;
    if (seconds <= 0) return { seconds: 0, documentsPerSecond: 0, bytesPerSecond: 0, urisPerSecond: 0 };
    return {
      seconds, documentsPerSecond: (now.documents - first.documents) / seconds, bytesPerSecond: (now.bytes - first.bytes) / seconds,
      urisPerSecond: (now.done - first.done) / seconds,
    };
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #sampleOf(): { at: number; documents: number; bytes: number; done: number } {
    const { documents, bytes, frontier: f } = this.controller.progress();
    return { at: Date.now(), documents, bytes, done: f.succeeded + f.failed + f.disregarded };
  }

  #sample(): void {
    this.#samples.push(this.#sampleOf());
    if (this.#samples.length > RecentRates.KEPT) this.#samples.shift();
  }
}
