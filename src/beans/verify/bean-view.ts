import type { BeanView } from '../registry/component-descriptor.js';
import { escapePointer } from '../resolve/convert-value.js';
import type { ResolvedBean, ResolvedGraph } from '../resolve/resolved-bean.js';

/** The read-only view of a resolved bean that a descriptor's `validate` receives. */
export function beanView(bean: ResolvedBean, graph: ResolvedGraph): BeanView {
  return {
    id: bean.id,
    className: bean.descriptor.name,
    config: bean.config,
    locationOf: (property, key) => (key === undefined ? undefined : bean.locs.get(`/${property}/${escapePointer(key)}`)) ?? bean.origins.get(property)?.loc ?? bean.def.loc,
    refs: (property) =>
      (bean.refs.find((r) => r.property === property)?.ids ?? [])
        .map((id) => graph.byId.get(id))
        .filter((b): b is ResolvedBean => b !== undefined)
        .map((b) => beanView(b, graph)),
  };
}
