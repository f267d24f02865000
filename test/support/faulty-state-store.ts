import { defineComponent, type ComponentClass } from '../../src/beans/registry/component-descriptor.js';
import { Registry } from '../../src/beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../../src/catalog/catalog.js';
import type { StateParticipant, StateStore, StateSublevel } from '../../src/model/state-store.js';

/** Switch the disk "full" on and off from a test; `failures` and `commits` count the commits that failed and those that went through. */
export const diskFull = { on: false, failures: 0, commits: 0 };

/**
 * A StateStore that wraps another and makes its commits fail with ENOSPC while `diskFull.on`:
 * it takes part in every commit, and its `flushed` rejects as a full disk would.
 */
class FaultyStateStore implements StateStore {
  constructor(readonly config: { inner: StateStore }) {}

  start(): void {
    this.config.inner.participate({
      stage: () => undefined,
      flushed: async () => {
        if (!diskFull.on) {
          diskFull.commits++;
          return;
        }
        diskFull.failures++;
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    });
  }

  sublevel(name: string): StateSublevel {
    return this.config.inner.sublevel(name);
  }

  participate(p: StateParticipant): void {
    this.config.inner.participate(p);
  }

  commit(): Promise<void> {
    return this.config.inner.commit();
  }

  onFault(listener: (e: Error | undefined) => void): void {
    this.config.inner.onFault(listener);
  }
}

export const faultyStateStoreComponent = defineComponent({
  name: 'FaultyStateStore',
  description: 'A test StateStore wrapping another, whose commits fail with ENOSPC while the test says the disk is full.',
  kinds: ['StateStore'],
  props: {},
  refs: { inner: { kind: 'StateStore', required: true, description: 'The store wrapped.' } },
  load: async (): Promise<ComponentClass> => FaultyStateStore as unknown as ComponentClass,
});

export function faultyRegistry(): Registry {
  return new Registry([...BUILT_IN_COMPONENTS, faultyStateStoreComponent]);
}
