import { mkdir } from 'node:fs/promises';
import { ClassicLevel } from 'classic-level';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { StateStore, StateSublevel } from '../../model/state-store.js';
import type { levelStateStoreComponent } from './level-state-store.descriptor.js';

type Db = ClassicLevel<string, string>;

/** A classic-level database in the job's state folder; opened on start, closed on stop. */
export class LevelStateStore implements StateStore {
  #db?: Db;

  constructor(readonly config: ConfigOf<typeof levelStateStoreComponent>) {}

  async start(): Promise<void> {
    if (this.#db) return;
    await mkdir(this.config.dir, { recursive: true });
    const db: Db = new ClassicLevel(this.config.dir, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
    await db.open();
    this.#db = db;
  }

  async stop(): Promise<void> {
    await this.#db?.close();
    this.#db = undefined;
  }

  sublevel(name: string): StateSublevel {
    const db = () => {
      if (!this.#db) throw new Error(`state store ${this.config.dir} is not open`);
      return this.#db.sublevel<string, string>(name, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
    };
    return {
      get: async (key) => db().get(key),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      batch: async (ops) => void (await db().batch(ops as any)),
      range: async (gte, lt, limit) => db().iterator({ gte, lt, limit }).all() as Promise<Array<[string, string]>>,
      clear: async () => db().clear(),
    };
  }
}
