import type { BeanDefinition } from './bean-definition.js';

/** Every top-level bean of a bean file and the files it imports, in definition order. */
export class BeanGraph {
  readonly #byId = new Map<string, BeanDefinition>();
  readonly #beans: BeanDefinition[];

  constructor(readonly files: readonly string[], beans: readonly BeanDefinition[]) {
    this.#beans = [...beans];
    for (const b of beans) if (!this.#byId.has(b.id)) this.#byId.set(b.id, b);
  }

  get beans(): readonly BeanDefinition[] {
    return this.#beans;
  }

  /** Adds a bean the engine supplies itself (one the file need not declare). */
  add(def: BeanDefinition): void {
    this.#beans.push(def);
    if (!this.#byId.has(def.id)) this.#byId.set(def.id, def);
  }

  get(id: string): BeanDefinition | undefined {
    return this.#byId.get(id);
  }

  ids(): IterableIterator<string> {
    return this.#byId.keys();
  }
}
