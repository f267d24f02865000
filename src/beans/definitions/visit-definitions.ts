import type { BeanDefinition, ValueNode } from './bean-definition.js';

/** Calls `fn` on each bean and, depth first, on every inner bean it holds. */
export function forEachDefinition(beans: Iterable<BeanDefinition>, fn: (def: BeanDefinition) => void): void {
  for (const b of beans) visitBean(b, fn);
}

function visitBean(def: BeanDefinition, fn: (def: BeanDefinition) => void): void {
  fn(def);
  for (const p of def.properties) visitValue(p.value, fn);
}

function visitValue(v: ValueNode, fn: (def: BeanDefinition) => void): void {
  if (v.kind === 'bean') visitBean(v.bean, fn);
  else if (v.kind === 'list') for (const item of v.items) visitValue(item, fn);
  else if (v.kind === 'map') for (const e of v.entries) visitValue(e.value, fn);
}
