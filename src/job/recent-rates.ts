import type { CrawlControl } from '../model/crawl-control.js';

/** Documents and bytes a second over the last minute or so (the whole run's average hides a crawl that slowed down). */
export interface RecentRate {
  readonly seconds: number;
  readonly documentsPerSecond: number;
  readonly bytesPerSecond: number;
}

/** Samples the crawl's totals every few seconds, keeping about a minute of them. */
export class RecentRates {
  static readonly EVERY_MS = 2000;
  static readonly KEPT = 30;
  readonly #samples: Array<{ at: number; documents: number; bytes: number }> = [];
  readonly #timer: NodeJS.Timeout;

  constructor(readonly controller: CrawlControl) {
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), RecentRates.EVERY_MS).unref();
  }

  now(): RecentRate {
    const { documents, bytes } = this.controller.progress();
    const first = this.#samples[0];
    const seconds = (Date.now() - first.at) / 1000;
    if (seconds <= 0) return { seconds: 0, documentsPerSecond: 0, bytesPerSecond: 0 };
    return { seconds, documentsPerSecond: (documents - first.documents) / seconds, bytesPerSecond: (bytes - first.bytes) / seconds };
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #sample(): void {
    const { documents, bytes } = this.controller.progress();
    this.#samples.push({ at: Date.now(), documents, bytes });
    if (this.#samples.length > RecentRates.KEPT) this.#samples.shift();
  }
}
