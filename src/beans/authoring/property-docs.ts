import type { ComponentDescriptor, PropSpec, RefSpec } from '../registry/component-descriptor.js';
import type { PropertyOf } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';

/** A description's first sentence: the one line a completion list shows. */
export function oneLine(description: string): string {
  const m = /^[\s\S]*?[.!?](?=\s|$)/.exec(description);
  return (m ? m[0] : description).replace(/\s+/g, ' ').trim();
}

/** A value property's type as docs/reference/beans.md writes it: `integer, minimum 0`, `ACCEPT | REJECT`. */
export function typeText(spec: PropSpec): string {
  const items = spec.items as PropSpec | undefined;
  const type = Array.isArray(spec.enum)
    ? spec.enum.map(String).join(' | ')
    : [spec.type].flat().filter((t) => t !== undefined).map((t) => (t === 'array' && items?.type ? `array of ${[items.type].flat().join(' | ' +
      '')}` : t)).join(' | ');
  const parts = [type || 'any'];
  for (const bound of ['minimum', 'maximum', 'minLength', 'maxLength'] as const) if (spec[bound] !== undefined) parts.push(`${bound} ${String(spec[bound])}`);
  return parts.join(', ');
}

/** A reference's type: `bean: Frontier`, `list of bean: Processor`. */
export function refTypeText(spec: RefSpec): string {
  return `${spec.list ? 'list of ' : spec.map ? 'map of ' : ''}bean: ${spec.kind}`;
}

/** The line beside a property in a completion list: its type and default (or that it is autowired, required). */
export function propertyDetail(p: PropertyOf): string {
  if (p.ref) return [refTypeText(p.ref), p.ref.required ? 'required' : '', p.ref.autowire ? 'autowired' : ''].filter(Boolean).join(' · ');
  const parts = [typeText(p.prop)];
  if (p.prop.default !== undefined) parts.push(`default ${JSON.stringify(p.prop.default)}`);
  else if (p.prop.required) parts.push('required');
  return parts.join(' · ');
}

/** A property explained: type, default, description, and what may change it (sheets, a running crawl). */
export function propertyMarkdown(p: PropertyOf, component: ComponentDescriptor, written = p.name): string {
  const head = written === p.name ? `**${p.name}**` : `**${written}** (older name of **${p.name}**)`;
  const dflt = p.prop?.default !== undefined ? ` · default ${code(JSON.stringify(p.prop.default))}` : '';
  const lines = [`${head}: ${code(p.ref ? refTypeText(p.ref) : typeText(p.prop))}${dflt}`];
  const spec = p.ref ?? p.prop;
  lines.push('', spec.description, '');
  const flags = [
    spec.required ? 'required' : '',
    p.prop?.overlayable ? 'overlayable: sheets may change it per site' : '',
    p.prop?.live ? 'live: may be changed while the crawl runs' : '',
    p.prop?.path ? 'a path, relative to the job folder' : '',
    p.ref?.autowire ? 'autowired: found by kind when left out' : '',
  ].filter(Boolean);
  if (flags.length) lines.push(flags.map((f) => `*${f}*`).join(' · '), '');
  if (spec.ignored) lines.push(`Accepted and not used: ${spec.ignored}`, '');
  lines.push(`Property of ${code(component.name)}.`);
  return lines.join('\n');
}

/** A component explained: its description, the kinds it provides, its other names. */
export function componentMarkdown(d: ComponentDescriptor, written = d.name): string {
  const head = written === d.name ? `**${d.name}**` : `**${written}**: another name of **${d.name}**`;
  const lines = [head, '', d.description, '', `Provides: ${d.kinds.map(code).join(', ')}`];
  const others = [d.name, ...(d.aliases ?? [])].filter((n) => n !== written);
  if (others.length) lines.push('', `${written === d.name ? 'Aliases' : 'Also'}: ${others.map(code).join(', ')}`);
  if (d.ignored) lines.push('', `Accepted and not built: ${d.ignored}`);
  return lines.join('\n');
}

function code(s: string): string {
  return s.includes('`') ? `\`\` ${s} \`\`` : `\`${s}\``;
}

/** A bean explained: its id, its class (and where the class comes from), the class's one line. */
export function beanMarkdown(id: string, bean: BeanOutline, className: string | undefined, d: ComponentDescriptor | undefined): string {
  const through = !bean.className && bean.parent ? ` (from its parent ${code(bean.parent)})` : '';
  const lines = [`**${id}**: ${className ? code(className) : 'a bean of no class'}${through}${bean.abstract ? ', abstract' : ''}`];
  if (d) lines.push('', oneLine(d.description), '', `Provides: ${d.kinds.map(code).join(', ')}`);
  else if (className) lines.push('', `No component is named ${code(className)}.`);
  return lines.join('\n');
}
