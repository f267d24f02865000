import { isAbsolute, join } from 'node:path';
import type { Diagnostic } from '../../util/diagnostic.js';
import type { SourceLocation } from '../../util/source-location.js';
import type { BeanDefinition, PropertyDefinition } from '../definitions/bean-definition.js';
import type { ComponentDescriptor } from '../registry/component-descriptor.js';
import { ajvDiagnostics } from './ajv-diagnostics.js';
import { convertValue, type ConversionProblem } from './convert-value.js';
import type { PropValidator } from './prop-validator.js';
import type { ValueOrigin } from './resolved-bean.js';

export interface PathContext {
  readonly jobDir: string;
  /** The run folder (`runs/<timestamp>`) once a launch has one; `${launchId}` stays until then. */
  readonly launchId?: string;
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;

/**
 * A bean's value properties: converted from text, checked against the schema (defaults filled
 * in), and paths resolved against the job folder. Returns config, origins and locations.
 */
export function resolveValues(def: BeanDefinition, props: readonly PropertyDefinition[], d: ComponentDescriptor, validator: PropValidator, paths: PathContext) {
  const config: Record<string, unknown> = {};
  const origins = new Map<string, ValueOrigin>();
  const locs = new Map<string, SourceLocation>();
  const diagnostics: Diagnostic[] = [];
  for (const p of props) {
    const problems: ConversionProblem[] = [];
    const value = convertValue(p.value, d.props[p.name] as never, `/${p.name}`, locs, problems);
    if (value !== undefined) config[p.name] = value;
    origins.set(p.name, { source: p.source, loc: p.value.loc });
    for (const pr of problems) diagnostics.push({ code: 'BC_PROP_TYPE', bean: def.path, property: p.name, location: pr.loc, message: pr.message });
  }
  const before = new Set(Object.keys(config));
  diagnostics.push(...ajvDiagnostics(validator.validate(d, config), def.path, def.loc, locs, config));
  for (const name of Object.keys(config)) if (!before.has(name)) origins.set(name, { source: 'default', loc: def.loc });
  for (const [name, spec] of Object.entries(d.props)) {
    const v = config[name];
    if (!spec.path) continue;
    // A path property is one path or, for a list (DiskSpaceMonitor.monitorPaths), each of its paths.
    const list = Array.isArray(v) && v.every((e) => typeof e === 'string') ? (v as string[]) : undefined;
    if (typeof v !== 'string' && list === undefined) continue;
    const unknown = (list ?? [v as string]).flatMap((each) => [...each.matchAll(PLACEHOLDER)].map((m) => m[1])).filter((n) => n !== 'launchId');
    if (unknown.length) {
      diagnostics.push({ code: 'BC_PLACEHOLDER_UNKNOWN', bean: def.path, property: name, location: locs.get(`/${name}`) ?? def.loc, message: `unknown placeholder \${${unknown[0]}}; only \${launchId} is defined` });
      continue;
    }
    config[name] = list ? list.map((each) => resolvePath(each, paths)) : resolvePath(v as string, paths);
  }
  return { config, origins, locs, diagnostics };
}

/** A path property's value: `${launchId}` replaced when known, then made absolute against the job folder. */
export function resolvePath(value: string, paths: PathContext): string {
  const v = paths.launchId !== undefined ? value.replace(/\$\{launchId\}/g, paths.launchId) : value;
  return v === '' || isAbsolute(v) ? v : join(paths.jobDir, v);
}
