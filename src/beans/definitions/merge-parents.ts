import type { Diagnostic } from '../../util/diagnostic.js';
import { hintFor } from '../../util/did-you-mean.js';
import { cloneValue, type BeanDefinition } from './bean-definition.js';
import type { BeanGraph } from './bean-graph.js';
import { forEachDefinition } from './visit-definitions.js';

/**
 * Spring's parent beans: a child takes its parent's class when it names none, and every
 * property it does not set itself (copied, so the child can change them alone). Abstract and
 * autowire stay the child's own. Parents chain; a missing parent or a cycle is an error.
 */
export function mergeParents(graph: BeanGraph): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const merged = new Set<BeanDefinition>();
  const merging = new Set<BeanDefinition>();

  function merge(def: BeanDefinition): boolean {
    if (!def.parent || merged.has(def)) return true;
    const parent = graph.get(def.parent);
    if (!parent || merging.has(parent) || parent === def) {
      diagnostics.push({
        code: 'BC_PARENT_UNKNOWN', location: def.parentLoc ?? def.loc, bean: def.id,
        message: parent ? `parent beans form a cycle through "${def.parent}"` : `no bean named "${def.parent}" to inherit from`,
        hints: parent ? [] : hintFor(def.parent, graph.ids()),
      });
      merged.add(def);
      return false;
    }
    merging.add(def);
    const ok = merge(parent);
    merging.delete(def);
    merged.add(def);
    if (!ok) return false;
    if (def.className === undefined) {
      def.className = parent.className;
      def.classLoc = parent.classLoc;
    }
    const own = new Set(def.properties.map((p) => p.name));
    const inherited = parent.properties
      .filter((p) => !own.has(p.name))
      .map((p) => ({ ...p, value: cloneValue(p.value, `${def.path}.${p.name}`) }));
    def.properties.unshift(...inherited);
    return true;
  }

  forEachDefinition(graph.beans, (def) => void merge(def));
  return diagnostics;
}
