import type { Diagnostic } from '../../util/diagnostic.js';
import { locateWithin, type SourceLocation } from '../../util/source-location.js';
import { expandPlaceholders, type Environment } from '../parse/placeholders.js';
import type { BeanDefinition, BeanFileModel, ImportDeclaration, ValueNode } from './bean-definition.js';

/**
 * Fills in the environment placeholders of one file as it is read, before its imports are
 * followed: in every text value and every import's resource (not in class names or ids, which
 * Heritrix files never template). Each one that cannot be resolved is reported where it is
 * written.
 */
export function expandModel(model: BeanFileModel, env: Environment): { model: BeanFileModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const expand = (text: string, loc: SourceLocation, strict: boolean): string => {
    const { text: out, problems } = expandPlaceholders(text, env, strict);
    for (const p of problems) diagnostics.push({ code: 'BC_PLACEHOLDER', location: locateWithin(loc, text, p.offset), message: p.message });
    return out;
  };
  const value = (v: ValueNode): ValueNode => {
    switch (v.kind) {
      case 'text': {
        const text = expand(v.text, v.loc, false);
        // A JSON string with a placeholder is text to convert, as the schema allows it to be.
        return text === v.text ? v : { kind: 'text', text, loc: v.loc };
      }
      case 'bean': bean(v.bean); return v;
      case 'list': return { ...v, items: v.items.map(value) };
      case 'map': return { ...v, entries: v.entries.map((e) => ({ ...e, value: value(e.value) })) };
      default: return v;
    }
  };
  const bean = (def: BeanDefinition): void => {
    for (const p of def.properties) p.value = value(p.value);
  };
  model.beans.forEach(bean);
  // An import whose resource cannot be resolved is not followed: its file would be a mere echo of the error.
  const imports: ImportDeclaration[] = [];
  for (const imp of model.imports) {
    const before = diagnostics.length;
    const resource = expand(imp.resource, imp.loc, true);
    if (diagnostics.length === before) imports.push({ ...imp, resource, ...(resource !== imp.resource ? { written: imp.resource } : {}) });
  }
  return { model: { ...model, imports }, diagnostics };
}
