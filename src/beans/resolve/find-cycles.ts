import type { Diagnostic } from '../../util/diagnostic.js';
import type { SourceLocation } from '../../util/source-location.js';
import type { ResolvedBean } from './resolved-bean.js';

function refTo(bean: ResolvedBean, target: string): { property: string; loc: SourceLocation } | undefined {
  for (const r of bean.refs) {
    const i = r.ids.indexOf(target);
    if (i !== -1) return { property: r.property, loc: r.locs[i] };
  }
  return undefined;
}

/** Reference cycles, each reported once as a chain `a -> b -> a` at the bean where it is found. */
export function findCycles(beans: readonly ResolvedBean[], byId: ReadonlyMap<string, ResolvedBean>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const reported = new Set<string>();

  function visit(id: string): void {
    state.set(id, 'active');
    stack.push(id);
    for (const dep of byId.get(id)?.deps ?? []) {
      if (state.get(dep) === 'active') {
        const cycle = [...stack.slice(stack.indexOf(dep)), dep];
        const key = [...new Set(cycle)].sort().join('\u0000');
        if (!reported.has(key)) {
          reported.add(key);
          const from = byId.get(cycle[0])!;
          const ref = refTo(from, cycle[1]);
          diagnostics.push({ code: 'BC_REF_CYCLE', bean: from.id, property: ref?.property, location: ref?.loc ?? from.def.loc, message: `reference ` +
            `cycle: ${cycle.join(' -> ')}` });
        }
      } else if (!state.has(dep) && byId.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(id, 'done');
  }

  for (const b of beans) if (!state.has(b.id)) visit(b.id);
  return diagnostics;
}
