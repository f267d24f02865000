import type { ComponentDescriptor } from './component-descriptor.js';

/** Components by registry name and by every alias. */
export class Registry {
  readonly #byName = new Map<string, ComponentDescriptor>();
  readonly #all: ComponentDescriptor[] = [];

  constructor(descriptors: Iterable<ComponentDescriptor> = []) {
    for (const d of descriptors) this.register(d);
  }

  register(d: ComponentDescriptor): void {
    for (const name of [d.name, ...(d.aliases ?? [])]) {
      const prior = this.#byName.get(name);
      if (prior) throw new Error(`component name "${name}" is registered twice (${prior.name}, ${d.name})`);
      this.#byName.set(name, d);
    }
    this.#all.push(d);
  }

  lookup(className: string): ComponentDescriptor | undefined {
    return this.#byName.get(className);
  }

  /** Every registered descriptor, in registration order. */
  descriptors(): readonly ComponentDescriptor[] {
    return this.#all;
  }

  /**
   * This registry and, under the names given (`package:Name`), components contributed by other
   * packages: a new registry, this one unchanged. Their own names are not taken, so a package
   * never shadows a built-in component.
   */
  extended(contributed: ReadonlyArray<{ readonly names: readonly string[]; readonly descriptor: ComponentDescriptor }>): Registry {
    const next = new Registry(this.#all);
    for (const { names, descriptor } of contributed) {
      for (const name of names) {
        if (next.#byName.has(name)) throw new Error(`component name "${name}" is registered twice`);
        next.#byName.set(name, descriptor);
      }
      next.#all.push(descriptor);
    }
    return next;
  }

  /** Every name and alias, for "did you mean" hints. */
  names(): IterableIterator<string> {
    return this.#byName.keys();
  }
}
