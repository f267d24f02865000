import { asText, findProperty, type BeanDefinition } from '../beans/definitions/bean-definition.js';
import type { BeanGraph } from '../beans/definitions/bean-graph.js';
import { resolvePropertyPath } from '../beans/definitions/apply-overrides.js';
import { ajvDiagnostics } from '../beans/resolve/ajv-diagnostics.js';
import { convertValue } from '../beans/resolve/convert-value.js';
import { PropValidator } from '../beans/resolve/prop-validator.js';
import type { ResolvedBean, ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import { beanView } from '../beans/verify/bean-view.js';
import type { VerifyExtension } from '../beans/verify/verify-beans.js';
import type { Diagnostic } from '../util/diagnostic.js';
import { hintFor } from '../util/did-you-mean.js';
import type { SourceLocation } from '../util/source-location.js';

/**
 * Sheets at verify: every entry's path must reach a property its component declares
 * overlayable, with a value of the right type; every association must name existing sheets.
 * The sheet's values are then primed (keyed by the bean id they reach) for the crawl. A job
 * with sheets or associations and no manager gets one.
 */
export const sheetsExtension: VerifyExtension = {
  prepare(graph, registry) {
    const has = (kind: string) => graph.beans.some((b) => b.className && registry.lookup(b.className)?.kinds.includes(kind));
    if (!has('SheetAssociation') || has('SheetOverlaysManager')) return;
    const at = graph.beans[0]?.loc ?? { file: graph.files[0] ?? '', line: 1, column: 1 };
    graph.add({ id: 'sheetOverlaysManager', anonymous: true, path: 'sheetOverlaysManager', className: 'SheetOverlaysManager', abstract: false, autowire: 'default', properties: [], loc: at, inner: false });
  },
  check(graph, resolved) {
    const validator = new PropValidator();
    const diagnostics: Diagnostic[] = [];
    const sheetIds = new Set(resolved.beans.filter((b) => b.descriptor.kinds.includes('Sheet')).map((b) => b.id));
    for (const bean of resolved.beans) {
      if (bean.descriptor.kinds.includes('Sheet')) diagnostics.push(...primeSheet(bean, graph, resolved, validator));
      if (bean.descriptor.kinds.includes('SheetAssociation')) diagnostics.push(...checkTargets(bean, sheetIds));
    }
    return diagnostics;
  },
  /**
   * A component's own rules (a regular expression that compiles, bounds that agree) hold for the
   * values a sheet gives it too: its `validate` runs on its configuration with each sheet's
   * values on top, and what it finds of those values is reported at the sheet's entry.
   */
  async validate(resolved, ctx) {
    const diagnostics: Diagnostic[] = [];
    for (const sheet of resolved.beans) {
      if (!sheet.descriptor.kinds.includes('Sheet')) continue;
      const primed = sheet.config.primed as ReadonlyMap<string, Record<string, unknown>> | undefined;
      const primedAt = sheet.config.primedAt as ReadonlyMap<string, SourceLocation> | undefined;
      for (const [targetId, values] of primed ?? []) {
        const target = resolved.byId.get(targetId) ?? resolved.beans.find((b) => b.def.path === targetId);
        if (!target?.descriptor.validate) continue;
        const base = beanView(target, resolved);
        const at = (property: string) => primedAt?.get(`${targetId}.${property}`) ?? sheet.def.loc;
        const view = { ...base, config: { ...target.config, ...values }, locationOf: (p: string) => (p in values ? at(p) : base.locationOf(p)) };
        for (const issue of await target.descriptor.validate(view, ctx)) {
          const property = [issue.property, ...(issue.related ?? [])].find((p) => p !== undefined && p in values);
          if (property === undefined) continue;
          // A warning stays one (its own code), at the sheet's entry; an error is the sheet's.
          const kind = issue.severity === 'warning' ? { code: issue.code ?? 'BC_SHEET_VALUE', severity: issue.severity } : { code: 'BC_SHEET_VALUE' as const };
          diagnostics.push({ ...kind, bean: sheet.id, location: at(property), message: `"${targetId}.${property}": ` +
            `${issue.message}`, hints: issue.hints ?? [] });
        }
      }
    }
    return diagnostics;
  },
};

function primeSheet(sheet: ResolvedBean, graph: BeanGraph, resolved: ResolvedGraph, validator: PropValidator): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const primed = new Map<string, Record<string, unknown>>();
  const primedAt = new Map<string, SourceLocation>();
  const map = findProperty(sheet.def, 'map')?.value;
  const entries = map?.kind === 'map' ? map.entries : [];
  for (const entry of entries) {
    const fail = (code: Diagnostic['code'], message: string, location: SourceLocation = entry.keyLoc, hints: readonly string[] = []) =>
      diagnostics.push({ code, bean: sheet.id, location, message: `"${entry.key}": ${message}`, hints });
    let found: { def: BeanDefinition; property: string } | { syntax: true } | { error: string; hints: readonly string[] } = resolvePropertyPath(graph, entry.key);
    // A bean the file does not name there may have been autowired into the reference.
    if ('error' in found) found = throughAutowired(entry.key, resolved) ?? found;
    if ('syntax' in found) {
      fail('BC_SHEET_PATH', 'is not of the form beanId.property[.property...]');
      continue;
    }
    if ('error' in found) {
      fail('BC_SHEET_PATH', found.error, entry.keyLoc, found.hints);
      continue;
    }
    const target = resolvedOf(found.def, resolved);
    if (!target) {
      fail('BC_SHEET_PATH', 'reaches a bean that is not built (abstract, or with errors)');
      continue;
    }
    const spec = target.descriptor.props[found.property];
    if (!spec) {
      const isRef = target.descriptor.refs && found.property in target.descriptor.refs;
      fail(isRef ? 'BC_SHEET_NOT_OVERLAYABLE' : 'BC_SHEET_PATH', isRef ? `${target.descriptor.name}.${found.property} holds beans, which sheets ` +
        `cannot replace` : `${target.descriptor.name} has no property "${found.property}"`, entry.keyLoc,
        isRef ? [] : hintFor(found.property, Object.keys(target.descriptor.props)));
      continue;
    }
    if (!spec.overlayable) {
      const overlayable = Object.entries(target.descriptor.props).filter(([, s]) => s.overlayable).map(([n]) => n);
      fail('BC_SHEET_NOT_OVERLAYABLE', `${target.descriptor.name}.${found.property} cannot be changed per URI by a sheet`, entry.keyLoc,
        overlayable.length ? [`overlayable properties of ${target.descriptor.name}: ${overlayable.join(', ')}`] : []);
      continue;
    }
    const locs = new Map<string, SourceLocation>();
    const value = convertValue(asText(entry.value), spec as never, `/${found.property}`, locs, []);
    const errors = validator.validate(target.descriptor, { ...target.config, [found.property]: value });
    const own = ajvDiagnostics(errors.filter((e) => e.instancePath === `/${found.property}` || e.instancePath.startsWith(`/${found.property}/`)), sheet.id, entry.value.loc, locs, { [found.property]: value });
    if (own.length) {
      for (const d of own) fail('BC_SHEET_VALUE', d.message, entry.value.loc);
      continue;
    }
    primed.set(target.id, { ...primed.get(target.id), [found.property]: value });
    primedAt.set(`${target.id}.${found.property}`, entry.value.loc);
  }
  Object.assign(sheet.config, { primed, primedAt });
  return diagnostics;
}

/**
 * A path through references that autowiring filled, the file naming no bean there: Heritrix's
 * own self-tests write `preparer.uriPrecedencePolicy.basePrecedence` for a top-level
 * `uriPrecedencePolicy` bean autowired into the preparer. Single references only.
 */
function throughAutowired(key: string, resolved: ResolvedGraph): { def: BeanDefinition; property: string } | undefined {
  const parts = key.split('.');
  if (parts.length < 3) return undefined;
  let bean = resolved.byId.get(parts[0]);
  for (const name of parts.slice(1, -1)) {
    const ref = bean?.refs.find((r) => r.property === name && r.shape === 'one' && r.autowired);
    bean = ref ? resolved.byId.get(ref.ids[0]) : undefined;
    if (!bean) return undefined;
  }
  return bean && { def: bean.def, property: parts[parts.length - 1] };
}

function resolvedOf(def: BeanDefinition, resolved: ResolvedGraph): ResolvedBean | undefined {
  return resolved.byId.get(def.path) ?? resolved.beans.find((b) => b.def === def);
}

function checkTargets(assoc: ResolvedBean, sheetIds: ReadonlySet<string>): Diagnostic[] {
  const names = (assoc.config.targetSheetNames as string[] | undefined) ?? [];
  return names.flatMap((name, i) => sheetIds.has(name) ? [] : [{
    code: 'BC_SHEET_UNKNOWN' as const, bean: assoc.id, property: 'targetSheetNames',
    location: assoc.locs.get(`/targetSheetNames/${i}`) ?? assoc.locs.get('/targetSheetNames') ?? assoc.def.loc,
    message: `no sheet named "${name}"`, hints: hintFor(name, sheetIds),
  }]);
}

