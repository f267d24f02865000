import type { Diagnostic } from '../../util/diagnostic.js';
import type { Registry } from '../registry/registry.js';
import { findProperty, type BeanDefinition } from './bean-definition.js';
import type { BeanGraph } from './bean-graph.js';
import { forEachDefinition } from './visit-definitions.js';

/**
 * Spring's `<constructor-arg>`s turned into the properties they set, by the class's descriptor
 * (`constructorArgs`: ConfigString's one argument is its `value`), so that the rest of verify,
 * overrides included, sees one way of setting a value. Runs before parents are merged: a child
 * without a class of its own takes its parent's to know what its arguments mean.
 */
export function applyConstructorArgs(graph: BeanGraph, registry: Registry): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  forEachDefinition(graph.beans, (def) => {
    const args = def.constructorArgs;
    if (!args?.length) return;
    def.constructorArgs = undefined;
    const className = classOf(def, graph);
    const d = className === undefined ? undefined : registry.lookup(className);
    if (!d) return; // an unknown class or a missing parent is reported on its own
    const fail = (loc: Diagnostic['location'], message: string, hints: string[] = []) =>
      diagnostics.push({ code: 'BC_CONSTRUCTOR_ARG', bean: def.path, location: loc, message, hints });
    const params = d.constructorArgs;
    if (!params) {
      fail(args[0].loc, `${d.name} is not built from constructor arguments; set its properties instead`, [`<property name="…" value="…"/>: ` +
        `${Object.keys(d.props).join(', ') || 'it has none'}`]);
      return;
    }
    args.forEach((arg, position) => {
      const name = arg.name ?? params[arg.index ?? position];
      if (name === undefined || !params.includes(name)) {
        fail(arg.loc, `${d.name} takes ${params.length} constructor argument${params.length === 1 ? '' : 's'} (${params.join(', ')}); this one is ` +
          `${arg.name !== undefined ? `named "${arg.name}"` : `number ${arg.index ?? position}`}`);
      } else if (findProperty(def, name)) {
        fail(arg.loc, `sets "${name}", which a <property> of this bean sets too`);
      } else def.properties.push({ name, value: arg.value, loc: arg.loc, source: 'file' });
    });
  });
  return diagnostics;
}

function classOf(def: BeanDefinition, graph: BeanGraph): string | undefined {
  const seen = new Set<BeanDefinition>();
  for (let d: BeanDefinition | undefined = def; d && !seen.has(d); d = d.parent === undefined ? undefined : graph.get(d.parent)) {
    if (d.className !== undefined) return d.className;
    seen.add(d);
  }
  return undefined;
}
