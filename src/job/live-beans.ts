import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PropValidator } from '../beans/resolve/prop-validator.js';
import type { ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import { Configurable } from '../model/configurable.js';

import type { LiveBean, LiveChange } from '../wire/live-beans.js';

export type { LiveBean, LiveChange };

/** A change refused: why, and the properties of the bean that can be changed live. */
export class LiveChangeError extends Error {
  constructor(message: string, readonly live: readonly string[] = [], readonly status: 400 | 404 | 409 | 422 = 422) {
    super(message);
  }
}

/** The change log of a run, in its folder. */
export const LIVE_CHANGES_FILE = 'live-changes.jsonl';

/**
 * The beans of a running crawl, read and changed while it runs. Only properties the component's
 * descriptor declares `live` can change, and only on a component that reads its configuration
 * at each use (a Configurable: `reconfigure` replaces its base values, the URIs' sheets staying
 * on top). A value is checked as verify checks it, by the property's schema and by the
 * component's own rules, before it is applied; each change goes to RUN/live-changes.jsonl.
 */
export class LiveBeans {
  readonly #validator = new PropValidator();

  constructor(readonly graph: ResolvedGraph, readonly instance: (id: string) => unknown, readonly runDir: string, readonly jobDir: string) {}

  list(): LiveBean[] {
    return this.graph.beans.map((b) => ({ id: b.id, className: b.descriptor.name, values: this.#values(b.id), live: liveProps(b.descriptor.props) }));
  }

  async set(beanId: string, property: string, value: unknown, who: string): Promise<LiveChange> {
    const bean = this.graph.byId.get(beanId);
    if (!bean) throw new LiveChangeError(`no bean "${beanId}" in this crawl`, [], 404);
    const live = liveProps(bean.descriptor.props);
    const spec = bean.descriptor.props[property];
    if (!spec) throw new LiveChangeError(`${bean.descriptor.name} has no property "${property}"`, live, 404);
    if (!spec.live) throw new LiveChangeError(`${beanId}.${property} cannot change while the crawl runs${live.length ? `; ${beanId}'s live ` +
      `properties are ${live.join(', ')}` : `; ${beanId} has none`}`, live, 409);
    const target = (() => {
      try {
        return this.instance(beanId);
      } catch {
        return undefined;
      }
    })();
    if (!(target instanceof Configurable)) throw new LiveChangeError(`${beanId} (${bean.descriptor.name}) cannot take changes while it runs`, [], 409);
    const current = this.#values(beanId);
    const candidate: Record<string, unknown> = { ...current, [property]: value };
    const errors = this.#validator.validate(bean.descriptor, { ...candidate }).filter((e) => e.instancePath === `/${property}` || e.params?.missingProperty === property);
    if (errors.length) throw new LiveChangeError(`${beanId}.${property}: ${errors.map((e) => `${JSON.stringify(value)} ${e.message ?? 'is not ' +
      'allowed'}`).join('; ')}`, live);
    const view = { id: beanId, className: bean.descriptor.name, config: candidate, locationOf: () => bean.def.loc, refs: () => [] };
    const issues = ((await bean.descriptor.validate?.(view, { jobDir: this.jobDir })) ?? []).filter((i) => i.property === property || i.related?.includes(property));
    const refused = issues.filter((i) => i.severity !== 'warning');
    if (refused.length) throw new LiveChangeError(`${beanId}.${property}: ${refused.map((i) => i.message).join('; ')}`, live);
    const warnings = issues.filter((i) => i.severity === 'warning').map((i) => i.message);
    target.reconfigure({ [property]: value });
    const change: LiveChange = {
      at: new Date().toISOString(), who, bean: beanId, property, old: current[property], new: value, keep: `${beanId}.${property}=${String(value)}`, ...(warnings.length ? { warnings } : {}),
    };
    await appendFile(join(this.runDir, LIVE_CHANGES_FILE), `${JSON.stringify(change)}\n`);
    return change;
  }

  /** The bean's value properties now (references left out): a Configurable's current base values, the values it was built with otherwise. */
  #values(id: string): Record<string, unknown> {
    const bean = this.graph.byId.get(id)!;
    let target: unknown;
    try {
      target = this.instance(id);
    } catch {
      // A bean that is configuration only, never built: its resolved values.
    }
    const from = target instanceof Configurable ? (target.config as Record<string, unknown>) : bean.config;
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(bean.descriptor.props)) if (name in from) values[name] = from[name];
    return values;
  }
}

function liveProps(props: Readonly<Record<string, { readonly live?: boolean }>>): string[] {
  return Object.entries(props).filter(([, s]) => s.live).map(([name]) => name);
}
