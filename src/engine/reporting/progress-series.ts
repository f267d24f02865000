import type { CrawlSnapshot, ProgressPoint } from '../../model/crawl-statistics.js';

/** Points kept for the charts: past this many, every other one is dropped and only every other new sample kept. */
const MAX_POINTS = 400;

/** The progress samples of a launch, thinned out so that a crawl of any length keeps at most MAX_POINTS of them. */
export class ProgressSeries {
  constructor(readonly maxPoints = MAX_POINTS) {}

  #points: ProgressPoint[] = [];
  #stride = 1;
  #skipped = 0;
  #last?: ProgressPoint;

  add(s: CrawlSnapshot): void {
    this.#last = { timestamp: s.timestamp, discovered: s.discovered, downloaded: s.downloaded, failures: s.failures, bytes: s.bytes };
    if (++this.#skipped < this.#stride) return;
    this.#skipped = 0;
    this.#points.push(this.#last);
    if (this.#points.length <= this.maxPoints) return;
    this.#points = this.#points.filter((_, i) => i % 2 === 0);
    this.#stride *= 2;
  }

  /** The points kept, and the latest sample whether kept or not. */
  points(): ProgressPoint[] {
    return this.#last && this.#points.at(-1) !== this.#last ? [...this.#points, this.#last] : [...this.#points];
  }
}
