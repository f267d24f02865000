import type { Diagnostic } from '../../util/diagnostic.js';
import { didYouMean, hintFor } from '../../util/did-you-mean.js';
import type { BeanDefinition, PropertyDefinition } from '../definitions/bean-definition.js';
import type { BeanGraph } from '../definitions/bean-graph.js';
import { isOverrideConfigurer } from '../definitions/collect-overrides.js';
import { forEachDefinition } from '../definitions/visit-definitions.js';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import type { Registry } from '../registry/registry.js';
import { findCycles } from './find-cycles.js';
import { PropValidator } from './prop-validator.js';
import { resolveRefs, type RefScope } from './resolve-refs.js';
import { resolveValues, type PathContext } from './resolve-values.js';
import type { ResolvedBean, ResolvedGraph } from './resolved-bean.js';

/**
 * Level 2 of verify: every bean's class found in the registry, every property known and of the
 * right type and range, every reference pointing at an existing bean of the right kind (or
 * autowired), and no cycles. Abstract beans and override configurers are checked but not built.
 */
export function resolveGraph(graph: BeanGraph, registry: Registry, paths: PathContext, validator = new PropValidator()): { resolved: ResolvedGraph; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const descriptors = new Map<BeanDefinition, ComponentDescriptor>();
  const buildable: BeanDefinition[] = [];
  const ignored: BeanDefinition[] = [];
  for (const top of graph.beans) {
    const d = classOf(top, registry, diagnostics, !top.abstract);
    if (d) descriptors.set(top, d);
    if (top.abstract || isOverrideConfigurer(top)) continue;
    if (d?.ignored) {
      diagnostics.push({ code: 'BC_BEAN_IGNORED', severity: 'warning', bean: top.id, location: top.classLoc ?? top.loc, message: `accepted but not ` +
        `used: ${d.ignored}` });
      ignored.push(top);
      continue;
    }
    forEachDefinition([top], (def) => {
      if (def !== top) {
        const inner = classOf(def, registry, diagnostics, true);
        if (inner) descriptors.set(def, inner);
      }
      buildable.push(def);
    });
  }
  const scope = refScope(graph, descriptors, buildable);
  const beans: ResolvedBean[] = [];
  for (const def of buildable) {
    const d = descriptors.get(def);
    if (d) beans.push(resolveBean(def, d, validator, paths, scope, diagnostics));
  }
  for (const top of graph.beans) if (isOverrideConfigurer(top) && descriptors.has(top)) unknownProperties(top, descriptors.get(top)!, diagnostics);
  // Ignored beans are checked like any other (their properties must exist and fit), but never built.
  for (const top of ignored) resolveBean(top, descriptors.get(top)!, validator, paths, scope, diagnostics);
  const byId = new Map(beans.map((b) => [b.id, b]));
  diagnostics.push(...findCycles(beans, byId));
  return { resolved: { beans, byId }, diagnostics };
}

function classOf(def: BeanDefinition, registry: Registry, diagnostics: Diagnostic[], needed: boolean): ComponentDescriptor | undefined {
  if (def.className === undefined) {
    if (needed && def.parent === undefined) diagnostics.push({ code: 'BC_CLASS_MISSING', bean: def.path, location: def.loc, message: 'has no class ' +
      'and no parent to take one from' });
    return undefined;
  }
  const d = registry.lookup(def.className);
  if (!d) {
    diagnostics.push({
      code: 'BC_CLASS_UNKNOWN', bean: def.path, location: def.classLoc ?? def.loc,
      message: `unknown class "${def.className}"`, hints: classHints(def.className, registry),
    });
  }
  return d;
}

/** Near-miss class names, each component named once (by its registry name). */
function classHints(name: string, registry: Registry): string[] {
  const near = didYouMean(name, registry.names(), 10).map((n) => registry.lookup(n)!.name);
  const unique = [...new Set(near)].slice(0, 3);
  return unique.length ? [`did you mean ${unique.map((n) => `"${n}"`).join(' or ')}?`] : [];
}

function resolveBean(def: BeanDefinition, d: ComponentDescriptor, validator: PropValidator, paths: PathContext, scope: RefScope, diagnostics: Diagnostic[]): ResolvedBean {
  renameAliases(def, d);
  const known = unknownProperties(def, d, diagnostics);
  const valueProps = known.filter((p) => p.name in d.props);
  const refProps = known.filter((p) => d.refs && p.name in d.refs);
  const values = resolveValues(def, valueProps, d, validator, paths);
  // A property accepted but not used warns only when its value asks for something: its default is what beancrawl does anyway.
  for (const p of known) {
    const spec = d.props[p.name] ?? d.refs?.[p.name];
    const asksNothing = p.name in d.props && JSON.stringify(values.config[p.name]) === JSON.stringify(d.props[p.name].default);
    if (spec?.ignored && !asksNothing) {
      diagnostics.push({ code: 'BC_PROP_IGNORED', severity: 'warning', bean: def.path, property: p.name, location: p.loc, message: `accepted but ` +
        `not used: ${spec.ignored}` });
    }
  }
  const refs = resolveRefs(def, refProps, d, scope);
  diagnostics.push(...values.diagnostics, ...refs.diagnostics);
  for (const r of refProps) values.origins.set(r.name, { source: r.source, loc: r.value.loc });
  const deps = [...new Set(refs.refs.flatMap((r) => r.ids))];
  return { id: def.path, def, descriptor: d, config: values.config, origins: values.origins, locs: values.locs, refs: refs.refs, deps };
}

/** A property set under an older name (Heritrix's deprecated setter) becomes the property it names, as the setter does. */
function renameAliases(def: BeanDefinition, d: ComponentDescriptor): void {
  const aliases = d.propertyAliases;
  if (!aliases) return;
  def.properties.forEach((p, i) => {
    const to = aliases[p.name];
    if (to !== undefined) def.properties[i] = { ...p, name: to };
  });
}

/** Reports properties the class does not have and properties set twice; returns the rest. */
function unknownProperties(def: BeanDefinition, d: ComponentDescriptor, diagnostics: Diagnostic[]): PropertyDefinition[] {
  const names = [...Object.keys(d.props), ...Object.keys(d.refs ?? {})];
  const seen = new Set<string>();
  const out: PropertyDefinition[] = [];
  for (const p of def.properties) {
    if (seen.has(p.name)) {
      diagnostics.push({ code: 'BC_PROP_DUPLICATE', bean: def.path, property: p.name, location: p.loc, message: 'is set more than once in this bean' });
    } else if (!names.includes(p.name)) {
      const viaOverride = p.source === 'override' || p.source === 'set';
      diagnostics.push({
        code: viaOverride ? 'BC_OVERRIDE_PATH' : 'BC_PROP_UNKNOWN', bean: def.path, property: p.name, location: p.loc,
        message: `${d.name} has no property "${p.name}"`, hints: hintFor(p.name, names),
      });
    } else out.push(p);
    seen.add(p.name);
  }
  return out;
}

function refScope(graph: BeanGraph, descriptors: Map<BeanDefinition, ComponentDescriptor>, buildable: BeanDefinition[]): RefScope {
  const tops = buildable.filter((b) => !b.inner);
  return {
    topLevel: (id) => {
      const def = graph.get(id);
      return def && { def, descriptor: descriptors.get(def) };
    },
    descriptorOf: (def) => descriptors.get(def),
    candidates: (kind) => tops.filter((b) => descriptors.get(b)?.kinds.includes(kind)).map((b) => b.id),
    isAutowireCandidate: (id) => graph.get(id)?.autowireCandidate !== false,
    ids: () => graph.ids(),
  };
}
