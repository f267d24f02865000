import type { AuthoringContext, BeanFormat } from './authoring-context.js';
import type { Completion } from './completion.js';
import { beanIndexOf } from './cursor-at.js';
import { completePath, pathProperty } from './property-paths.js';
import { itemsOf, valuesOf } from './property-values.js';

/**
 * Completion in a `--set beanId.path=value` argument (the console's launch box, a command line)
 * for the beans of a bean file: before the `=`, the path segment at `offset` (bean ids, then
 * properties, walking into inner and referenced beans); after it, the enum or boolean values of
 * the property the path reaches. Offsets are into `argument`.
 */
export function completeSetArgument(argument: string, offset: number, beanFile: { readonly text: string; readonly format: BeanFormat }, context: AuthoringContext): Completion[] {
  const index = beanIndexOf(beanFile.text, beanFile.format, context);
  const eq = argument.indexOf('=');
  if (eq < 0 || offset <= eq) return completePath(argument.slice(0, eq < 0 ? argument.length : eq).trimEnd(), 0, offset, index, false);
  const found = pathProperty(argument.slice(0, eq).trim(), index, false);
  const spec = found?.property.prop && (found.element ? itemsOf(found.property.prop) : found.property.prop);
  return (spec ? valuesOf(spec) : []).map((v) => ({ label: String(v.value), kind: 'value' as const, ...v.more, replaceFrom: eq + 1, replaceTo: argument.length }));
}
