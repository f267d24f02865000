import type { Diagnostic } from '../../util/diagnostic.js';
import type { SourceLocation } from '../../util/source-location.js';
import { hintFor } from '../../util/did-you-mean.js';
import type { BeanDefinition, PropertyDefinition, ValueNode } from '../definitions/bean-definition.js';
import type { ComponentDescriptor, RefSpec } from '../registry/component-descriptor.js';
import type { RefBinding } from './resolved-bean.js';

/** What reference checking needs to know about the other beans of the graph. */
export interface RefScope {
  /** A top-level bean by id, with its descriptor when its class is known. */
  topLevel(id: string): { def: BeanDefinition; descriptor?: ComponentDescriptor } | undefined;
  /** The descriptor of an inner bean, when its class is known. */
  descriptorOf(def: BeanDefinition): ComponentDescriptor | undefined;
  /** Ids of the top-level beans that can be built and provide `kind`, in definition order. */
  candidates(kind: string): readonly string[];
  /** False for a bean marked `autowire-candidate="false"`, which autowiring by kind passes over. */
  isAutowireCandidate(id: string): boolean;
  /** Every top-level id, for hints. */
  ids(): Iterable<string>;
}

/**
 * A bean's reference properties: each written `<ref>`/inner `<bean>` checked (exists, not
 * abstract, of the right kind), and each one left out autowired by kind where the component or
 * the bean's `autowire` attribute asks for it, the bean id breaking ties.
 */
export function resolveRefs(def: BeanDefinition, props: readonly PropertyDefinition[], d: ComponentDescriptor, scope: RefScope) {
  const refs: RefBinding[] = [];
  const diagnostics: Diagnostic[] = [];
  const set = new Set(props.map((p) => p.name));
  for (const p of props) {
    const spec = d.refs![p.name];
    const targets = refTargets(p.value, spec);
    if (typeof targets === 'string') {
      diagnostics.push({ code: 'BC_PROP_TYPE', bean: def.path, property: p.name, location: p.value.loc, message: targets });
      continue;
    }
    const ids: string[] = [];
    const locs: SourceLocation[] = [];
    for (const t of targets.items) {
      const problem = checkTarget(t, spec, scope);
      if (problem) diagnostics.push({ ...problem, bean: def.path, property: p.name, location: t.loc });
      else {
        ids.push(t.kind === 'ref' ? t.bean : t.bean.path);
        locs.push(t.loc);
      }
    }
    refs.push({ property: p.name, shape: spec.list ? 'list' : spec.map ? 'map' : 'one', ids, locs, keys: targets.keys, autowired: false });
  }
  for (const [name, spec] of Object.entries(d.refs ?? {})) {
    if (set.has(name)) continue;
    const wired = autowire(def, name, spec, scope);
    if (typeof wired === 'string') diagnostics.push({ code: wired.startsWith('several') ? 'BC_REF_AMBIGUOUS' : 'BC_REF_MISSING', bean: def.path, property: name, location: def.loc, message: wired });
    else if (wired.length) refs.push({ property: name, shape: spec.list ? 'list' : 'one', ids: wired, locs: wired.map(() => def.loc), autowired: true });
  }
  return { refs, diagnostics };
}

type Target = Extract<ValueNode, { kind: 'ref' | 'bean' }>;

function refTargets(v: ValueNode, spec: RefSpec): { items: Target[]; keys?: string[] } | string {
  const one = (n: ValueNode): Target | string =>
    n.kind === 'ref' || n.kind === 'bean' ? n : `expected a bean (a <ref> or an inner <bean>) providing ${spec.kind}, got ` +
      `${n.kind === 'text' || n.kind === 'literal' ? 'a value' : `a ${n.kind}`}`;
  if (v.kind === 'null') return { items: [] };
  if (spec.map) {
    if (v.kind !== 'map') return `expected a map of beans providing ${spec.kind}, got ${v.kind === 'list' ? 'a list' : 'a single value'}`;
    const items = v.entries.map((e) => one(e.value));
    const bad = items.find((i) => typeof i === 'string');
    return typeof bad === 'string' ? bad : { items: items as Target[], keys: v.entries.map((e) => e.key) };
  }
  const nodes = spec.list && v.kind === 'list' ? v.items : [v];
  if (!spec.list && v.kind === 'list') return `expected one bean providing ${spec.kind}, got a list`;
  const items = nodes.map(one);
  const bad = items.find((i) => typeof i === 'string');
  return typeof bad === 'string' ? bad : { items: items as Target[] };
}

function checkTarget(t: Target, spec: RefSpec, scope: RefScope): Omit<Diagnostic, 'bean' | 'property' | 'location'> | undefined {
  let descriptor: ComponentDescriptor | undefined;
  let id: string;
  if (t.kind === 'ref') {
    const found = scope.topLevel(t.bean);
    if (!found) return { code: 'BC_REF_DANGLING', message: `no bean named "${t.bean}"`, hints: hintFor(t.bean, scope.ids()) };
    if (found.def.abstract) return { code: 'BC_REF_ABSTRACT', message: `bean "${t.bean}" is abstract and is never built; refer to a bean that ` +
      `inherits from it` };
    [descriptor, id] = [found.descriptor, t.bean];
  } else [descriptor, id] = [scope.descriptorOf(t.bean), t.bean.path];
  if (descriptor && !descriptor.kinds.includes(spec.kind)) {
    return { code: 'BC_REF_KIND', message: `bean "${id}" is a ${descriptor.name}, which is not a ${spec.kind}` };
  }
  return undefined;
}

function autowire(def: BeanDefinition, name: string, spec: RefSpec, scope: RefScope): string[] | string {
  const mode = def.autowire;
  const byType = spec.autowire || mode === 'byType';
  const byName = mode === 'byName';
  if (!byType && !byName) return spec.required ? `needs a ${spec.kind}, and none is set` : [];
  const any = scope.candidates(spec.kind).filter((id) => id !== def.id);
  if (byName && !byType) {
    // By name, as Spring does, autowire-candidate="false" does not matter: the name is explicit enough.
    const byItsName = any.filter((id) => id === name);
    return byItsName.length ? byItsName : spec.required ? `needs a ${spec.kind}: none is set and no bean is named "${name}"` : [];
  }
  const all = any.filter((id) => scope.isAutowireCandidate(id));
  const named = all.filter((id) => id === name);
  if (spec.list) return all;
  if (all.length === 1) return all;
  if (named.length) return named;
  if (all.length === 0) return spec.required ? `needs a ${spec.kind}: none is set and the file has no bean providing one` : [];
  return `several beans provide a ${spec.kind} (${all.map((i) => `"${i}"`).join(', ')}) and none is named "${name}"; set the property or rename one`;
}
