import type { ComponentDescriptor } from '../../../src/beans/registry/component-descriptor.js';
import { BUILT_IN_COMPONENTS } from '../../../src/catalog/catalog.js';
import { CrawlUri, type QueuedUri } from '../../../src/model/crawl-uri.js';
import type { Route, SiteServer } from '../../support/site-server.js';
import { SUBJECT, type RecordingSheetOverlay } from './recording-overlay.js';

/** What every case may use: the loopback site, serving the routes of every driver. */
export interface DriveContext {
  readonly site: SiteServer;
}

/**
 * One overlayable property driven through a sheet. `observe` builds the component (bean
 * `subject`) and the real parts it works with, drives its per-URI entry point with URIs carrying
 * `overlay`, releases what it made and returns what it saw. The harness calls it twice: under a
 * sheet addressed to another bean (the base value applies) and under one addressed to the subject.
 */
export interface PropertyCase {
  readonly property: string;
  /** The sheet's value: never the property's default. */
  readonly value: unknown;
  /** What changes under the sheet, for the test's name. */
  readonly change: string;
  /**
   * `effect`: the observation is the component's doing (a decision, a key, a header the server got).
   * `recording`: no effect can be seen, so the observation is the values the component read of the
   * property through the URI's view (the overlay records them).
   */
  readonly seen: 'effect' | 'recording';
  readonly expected: { readonly base: unknown; readonly sheet: unknown };
  observe(overlay: RecordingSheetOverlay, ctx: DriveContext): Promise<unknown>;
}

/** How one component is driven: a case per overlayable property it honours. */
export interface Driver {
  /** The registry name of the component. */
  readonly component: string;
  /** Paths the loopback site must serve for its cases. */
  readonly routes?: Readonly<Record<string, Route>>;
  readonly cases: readonly PropertyCase[];
}

/** A case seen by its effect. */
export function byEffect(
  property: string, value: unknown, change: string, expected: { base: unknown; sheet: unknown },
  observe: (overlay: RecordingSheetOverlay, ctx: DriveContext) => Promise<unknown>,
): PropertyCase {
  return { property, value, change, seen: 'effect', expected, observe };
}

/** A case seen by recording: `drive` runs the component; the observation is what it read of the property. */
export function byRecording(
  property: string, value: unknown, change: string, expected: { base: unknown; sheet: unknown },
  drive: (overlay: RecordingSheetOverlay, ctx: DriveContext) => Promise<void>,
): PropertyCase {
  return {
    property, value, change, seen: 'recording', expected,
    observe: async (overlay, ctx) => {
      await drive(overlay, ctx);
      return [...new Set(overlay.valuesRead(property))];
    },
  };
}

export function descriptorNamed(name: string): ComponentDescriptor {
  const d = BUILT_IN_COMPONENTS.find((c) => c.name === name);
  if (d === undefined) throw new Error(`no component ${name} in BUILT_IN_COMPONENTS`);
  return d;
}

/** Every property's default, as the resolver gives a bean that sets none of them. */
export function defaultsOf(d: ComponentDescriptor): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(d.props)) if ('default' in spec) out[name] = spec.default;
  for (const [name, spec] of Object.entries(d.refs ?? {})) {
    if (spec.list) out[name] = [];
    else if (spec.map) out[name] = {};
  }
  return out;
}

/**
 * A component as the container makes it: its class from the registry, built with its defaults
 * and `config` on top (other values, the beans it refers to), then named.
 */
export async function build<T>(component: string, config: Readonly<Record<string, unknown>> = {}, beanName = SUBJECT): Promise<T> {
  const d = descriptorNamed(component);
  if (d.load === undefined) throw new Error(`${component} has no implementation to build`);
  const Cls = await d.load();
  const instance = new Cls({ ...defaultsOf(d), ...config }) as T;
  if (instance && typeof instance === 'object' && 'beanName' in instance) (instance as { beanName: string }).beanName = beanName;
  return instance;
}

/** A URI carrying the sheets of `overlay`, as the crawl hands it to a component. */
export function uriUnder(overlay: RecordingSheetOverlay, uri: string, init: Partial<Omit<QueuedUri, 'uri'>> = {}): CrawlUri {
  const curi = new CrawlUri(uri, init);
  curi.overlay = overlay;
  return curi;
}
