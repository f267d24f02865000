import type { Diagnostic } from '../../util/diagnostic.js';
import { locateWithin } from '../../util/source-location.js';
import { parseJavaProperties } from '../parse/java-properties.js';
import { asText, findProperty, type BeanDefinition } from './bean-definition.js';
import type { BeanGraph } from './bean-graph.js';
import { OVERRIDE_CONFIGURER_CLASSES, type OverrideEntry } from './override-entry.js';

/**
 * The override entries of every PropertyOverrideConfigurer bean, in definition order: a text
 * `properties` value is read as Java properties (each entry located at its own line), a
 * `<props>` or `<map>` value gives one entry per key (a map value may even be a bean).
 */
export function collectOverrides(graph: BeanGraph): { entries: OverrideEntry[]; diagnostics: Diagnostic[] } {
  const entries: OverrideEntry[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const def of graph.beans) {
    if (!isOverrideConfigurer(def)) continue;
    const ignore = findProperty(def, 'ignoreInvalidKeys')?.value;
    const ignoreInvalid = ignore?.kind === 'text' ? ignore.text.trim() === 'true' : ignore?.kind === 'literal' && ignore.value === true;
    const props = findProperty(def, 'properties')?.value;
    if (props?.kind === 'text') {
      for (const e of parseJavaProperties(props.text)) {
        const keyLoc = locateWithin(props.loc, props.text, e.keyOffset);
        if (e.malformed) {
          diagnostics.push({ code: 'BC_OVERRIDE_SYNTAX', location: keyLoc, bean: def.id, message: `"${e.key}" is not a beanId.property=value line` });
          continue;
        }
        const value = { kind: 'text' as const, text: e.value, loc: locateWithin(props.loc, props.text, e.valueOffset) };
        entries.push({ key: e.key, keyLoc, value, source: 'override', ignoreInvalid });
      }
    } else if (props?.kind === 'map') {
      for (const e of props.entries) entries.push({ key: e.key, keyLoc: e.keyLoc, value: asText(e.value), source: 'override', ignoreInvalid });
    }
  }
  return { entries, diagnostics };
}

export function isOverrideConfigurer(def: BeanDefinition): boolean {
  return def.className !== undefined && OVERRIDE_CONFIGURER_CLASSES.includes(def.className);
}
