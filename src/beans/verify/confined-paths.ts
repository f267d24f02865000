import { isAbsolute, join, relative } from 'node:path';
import { liesWithin, type Confinement } from '../../util/confinement.js';
import type { Diagnostic } from '../../util/diagnostic.js';
import type { ResolvedBean, ResolvedGraph } from '../resolve/resolved-bean.js';

/**
 * Every path a bean names, checked against a confinement: each value of each property its
 * component declares a path (`path`, or `pathUnder` another one) must lead into the job folder or
 * a data root, as written and once links are followed. One check over all components, so that
 * a component added later is confined by declaring its paths, as it must to have them resolved.
 */
export async function confinedPaths(resolved: ResolvedGraph, jobDir: string, confinement: Confinement): Promise<Diagnostic[]> {
  const roots = [jobDir, ...confinement.dataRoots];
  const out: Diagnostic[] = [];
  for (const bean of resolved.beans) {
    for (const [name, path] of namedPaths(bean)) {
      if (await liesWithin(path, roots)) continue;
      out.push({
        code: 'BC_CONFINED', bean: bean.id, property: name, location: bean.locs.get(`/${name}`) ?? bean.origins.get(name)?.loc ?? bean.def.loc,
        message: `leads out of the job folder${confinement.dataRoots.length ? ' and the data folders (--data-dir)' : ''}: the service runs a job ` +
          'within its own folder (the operator may name more with --data-dir, or lift this with --trust-bean-files)',
      });
    }
  }
  return out;
}

/** The bean's paths by property: those its component declares, resolved (the job folder's `${launchId}` is inside it). */
function namedPaths(bean: ResolvedBean): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [name, spec] of Object.entries(bean.descriptor.props)) {
    if (!spec.path && spec.pathUnder === undefined) continue;
    const v = bean.config[name];
    const values = (Array.isArray(v) ? v : [v]).filter((e): e is string => typeof e === 'string' && e !== '');
    const base = spec.pathUnder === undefined ? undefined : bean.config[spec.pathUnder];
    for (const each of values) {
      if (spec.path) out.push([name, each]);
      // One that stays under its base is where the base is, which is checked as itself.
      else if (typeof base === 'string' && (isAbsolute(each) || !within(join(base, each), base))) out.push([name, isAbsolute(each) ? each : join(base, each)]);
    }
  }
  return out;
}

function within(path: string, root: string): boolean {
  const rel = relative(root, path);
  return !rel.startsWith('..') && !isAbsolute(rel);
}
