import type { QueuedUri } from '../../model/crawl-uri.js';
import type { StateSublevel } from '../../model/state-store.js';
import type { QueueSpill } from './queue-spill.js';

const BATCH = 10000;

type Op = { type: 'put'; key: string; value: string } | { type: 'del'; key: string };

/**
 * Queue segments in the state store under `queueKey \0 sequence`: the sequence only grows, so a
 * range read returns a queue's URIs in the order they were spilled. Writes made in one turn of
 * the event loop go to the store as one batch.
 */
export class LevelQueueSpill implements QueueSpill {
  #seq = 0;
  #pending: Op[] = [];
  #writing: Promise<void> = Promise.resolve();

  constructor(readonly store: StateSublevel) {}

  write(queueKey: string, items: readonly QueuedUri[]): void {
    for (const item of items) {
      this.#add({ type: 'put', key: `${queueKey}\u0000${(this.#seq++).toString(36).padStart(10, '0')}`, value: JSON.stringify(item) });
    }
  }

  async take(queueKey: string, limit: number): Promise<QueuedUri[]> {
    await this.flush();
    const rows = await this.store.range(`${queueKey}\u0000`, `${queueKey}\u0001`, limit);
    for (const [key] of rows) this.#add({ type: 'del', key });
    return rows.map(([, value]) => JSON.parse(value) as QueuedUri);
  }

  flush(): Promise<void> {
    if (this.#pending.length) {
      const ops = this.#pending;
      this.#pending = [];
      this.#writing = this.#writing.then(async () => {
        // Modest batches: one huge batch costs native memory that is slow to come back.
        for (let i = 0; i < ops.length; i += BATCH) await this.store.batch(ops.slice(i, i + BATCH));
      });
    }
    return this.#writing;
  }

  #add(op: Op): void {
    if (this.#pending.length === 0) setImmediate(() => void this.flush());
    this.#pending.push(op);
  }
}
