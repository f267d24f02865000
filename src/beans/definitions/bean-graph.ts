import type { BeanDefinition } from './bean-definition.js';

/** Every top-level bean of a bean file and the files it imports, in definition order. */
export class BeanGraph {
  readonly #byId = new Map<string, BeanDefinition>();

  constructor(readonly files: readonly string[], readonly beans: readonly BeanDefinition[]) {
    for (const b of beans) if (!this.#byId.has(b.id)) this.#byId.set(b.id, b);
  }

  get(id: string): BeanDefinition | undefined {
    return this.#byId.get(id);
  }

  ids(): IterableIterator<string> {
    return this.#byId.keys();
  }
}
