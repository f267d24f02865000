import { Container } from 'inversify';
import { BeancrawlError } from '../../util/beancrawl-error.js';
import type { Diagnostic } from '../../util/diagnostic.js';
import type { ComponentClass, ComponentDescriptor } from '../registry/component-descriptor.js';
import type { ResolvedBean, ResolvedGraph } from '../resolve/resolved-bean.js';
import { Lifecycle, type LifecycleTimeouts } from '../lifecycle/lifecycle.js';
import { startOrder } from '../lifecycle/start-order.js';

/**
 * A resolved graph wired in an inversify container: each bean a singleton bound by its id with
 * `toResolvedValue`, constructed from its config and its resolved references. Construction does
 * no I/O; `start()` then runs the lifecycle in dependency order.
 */
export class BeanContainer {
  readonly #container = new Container({ defaultScope: 'Singleton' });
  readonly #order: ResolvedBean[];
  #lifecycle?: Lifecycle;

  private constructor(readonly graph: ResolvedGraph, classes: Map<ComponentDescriptor, ComponentClass>, readonly timeouts: LifecycleTimeouts) {
    this.#order = startOrder(graph.beans);
    for (const bean of graph.beans) {
      const Cls = classes.get(bean.descriptor)!;
      this.#container.bind(bean.id).toResolvedValue((...deps: unknown[]) => named(new Cls(assemble(bean, deps)), bean.id, bean.descriptor), [...bean.deps]);
    }
  }

  /** Loads every implementation the graph uses, binds every bean and builds them all. */
  static async build(graph: ResolvedGraph, timeouts: LifecycleTimeouts): Promise<BeanContainer> {
    const loads = new Map<ComponentDescriptor, Promise<ComponentClass>>();
    for (const bean of graph.beans) {
      const d = bean.descriptor;
      if (loads.has(d)) continue;
      if (!d.load) throw new BeancrawlError([{ code: 'BC_START_FAILED', bean: bean.id, location: bean.def.loc, message: `${d.name} is ` +
        `configuration only and cannot be built` }]);
      loads.set(d, d.load());
    }
    const classes = new Map<ComponentDescriptor, ComponentClass>();
    for (const [d, loading] of loads) classes.set(d, await loading);
    const container = new BeanContainer(graph, classes, timeouts);
    container.#instantiateAll();
    return container;
  }

  #instantiateAll(): void {
    const errors: Diagnostic[] = [];
    for (const bean of this.#order) {
      try {
        this.#container.get(bean.id);
      } catch (e) {
        errors.push({ code: 'BC_START_FAILED', bean: bean.id, location: bean.def.loc, message: `cannot be built: ${(e as Error).message}` });
        break;
      }
    }
    if (errors.length) throw new BeancrawlError(errors);
  }

  get<T = unknown>(id: string): T {
    return this.#container.get<T>(id);
  }

  /** Every bean's id, in start order. */
  ids(): string[] {
    return this.#order.map((b) => b.id);
  }

  /** Starts every bean, or only `only` and what they depend on (for tools that need part of a job). */
  async start(only?: readonly string[]): Promise<void> {
    const wanted = only ? this.#closure(only) : undefined;
    this.#lifecycle = new Lifecycle(
      this.#order.filter((b) => !wanted || wanted.has(b.id)).map((b) => ({ id: b.id, instance: this.get(b.id), loc: b.def.loc })),
      this.timeouts,
    );
    await this.#lifecycle.start();
  }

  #closure(ids: readonly string[]): Set<string> {
    const out = new Set<string>();
    const visit = (id: string) => {
      if (out.has(id)) return;
      out.add(id);
      for (const dep of this.graph.byId.get(id)?.deps ?? []) visit(dep);
    };
    ids.forEach(visit);
    return out;
  }

  async stop(): Promise<void> {
    await this.#lifecycle?.stop();
    await this.#container.unbindAllAsync();
  }
}

/**
 * Tells an instance its bean id when it has a `beanName` slot (processors: for jumps and reports),
 * and the class reports name when it has a `reportClassName` slot: the Heritrix class the component
 * stands for (its `org.archive.` alias), as Heritrix's reports name Java classes, else its name.
 */
function named(instance: unknown, id: string, descriptor: ComponentDescriptor): unknown {
  if (instance && typeof instance === 'object' && 'beanName' in instance) (instance as { beanName: string }).beanName = id;
  if (instance && typeof instance === 'object' && 'reportClassName' in instance) {
    (instance as { reportClassName: string }).reportClassName = descriptor.aliases?.find((a) => a.startsWith('org.archive.')) ?? descriptor.name;
  }
  return instance;
}

/** The constructor argument: value properties, then references as instances. */
function assemble(bean: ResolvedBean, deps: unknown[]): Record<string, unknown> {
  const byId = new Map(bean.deps.map((id, i) => [id, deps[i]]));
  const out: Record<string, unknown> = { ...bean.config };
  for (const [name, spec] of Object.entries(bean.descriptor.refs ?? {})) {
    if (spec.list) out[name] = [];
    else if (spec.map) out[name] = {};
  }
  for (const r of bean.refs) {
    const instances = r.ids.map((id) => byId.get(id));
    if (r.shape === 'one') out[r.property] = instances[0];
    else if (r.shape === 'list') out[r.property] = instances;
    else out[r.property] = Object.fromEntries(r.keys!.map((k, i) => [k, instances[i]]));
  }
  return out;
}
