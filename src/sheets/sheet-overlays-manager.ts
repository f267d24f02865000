import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';
import { PrefixMap } from '../util/prefix-map.js';
import type { Sheet } from './sheet.js';
import { SheetOverlay, type RuleSheetAssociation, type SheetOverlays, type SheetSubject } from './sheet-overlay.js';
import type { SurtPrefixesSheetAssociation } from './surt-prefixes-sheet-association.js';
import { compareText } from '../util/compare-text.js';

export const sheetOverlaysManagerComponent = defineComponent({
  name: 'SheetOverlaysManager',
  aliases: ['org.archive.crawler.spring.SheetOverlaysManager'],
  description:
    'Collects every Sheet and association (found by type, with or without an id; need not be declared) and gives each ' +
    'URI its overlay: rule-based sheets over longer SURT prefixes over shorter ones over the base values.',
  kinds: ['SheetOverlaysManager'],
  props: {},
  refs: {
    sheets: { kind: 'Sheet', list: true, autowire: true, description: 'Every sheet of the job.' },
    associations: { kind: 'SheetAssociation', list: true, autowire: true, description: 'Every association of the job.' },
  },
  load: async (): Promise<ComponentClass> => SheetOverlaysManager,
});

type Association = SurtPrefixesSheetAssociation | RuleSheetAssociation;

/**
 * Heritrix's SheetOverlaysManager. Sheet names for a URI: those of every SURT prefix that
 * prefixes its SURT (https as http), shortest first, then those of every accepting rule
 * association by `order`; later names win. Overlays are interned by that list.
 */
export class SheetOverlaysManager implements SheetOverlays {
  readonly #byPrefix = new PrefixMap<string[]>();
  readonly #rules: RuleSheetAssociation[];
  readonly #sheets: Map<string, Sheet>;
  readonly #overlays = new Map<string, SheetOverlay | undefined>();

  constructor(readonly config: { readonly sheets: readonly Sheet[]; readonly associations: readonly Association[] }) {
    this.#sheets = new Map(config.sheets.map((s) => [s.beanName, s]));
    for (const a of config.associations) {
      if ('prefixes' in a) for (const p of a.prefixes) this.#byPrefix.set(p, [...(this.#byPrefix.get(p) ?? []), ...a.config.targetSheetNames]);
    }
    this.#rules = config.associations
      .filter((a): a is RuleSheetAssociation => 'appliesTo' in a)
      .sort((x, y) => x.order - y.order || compareText(x.beanName, y.beanName));
  }

  overlayFor(subject: SheetSubject): SheetOverlay | undefined {
    if (this.#byPrefix.size === 0 && this.#rules.length === 0) return undefined;
    const names = this.#byPrefix.size ? this.#byPrefix.matches(subject.candidateSurt).flat() : [];
    for (const rule of this.#rules) if (rule.appliesTo(subject)) names.push(...rule.targetSheetNames);
    return names.length ? this.overlayByKey(names.join(' ')) : undefined;
  }

  overlayByKey(key: string): SheetOverlay | undefined {
    if (!key) return undefined;
    let overlay = this.#overlays.get(key);
    if (overlay === undefined && !this.#overlays.has(key)) {
      const sheets = key.split(' ').map((n) => this.#sheets.get(n)).filter((s): s is Sheet => s !== undefined);
      overlay = sheets.length ? new SheetOverlay(key, sheets) : undefined;
      this.#overlays.set(key, overlay);
    }
    return overlay;
  }

  /** The names of the sheets for a URI and why each applies (for explain). */
  explain(subject: SheetSubject): Array<{ sheet: string; because: string }> {
    const byPrefix: Array<{ sheet: string; because: string; length: number }> = [];
    const s = subject.candidateSurt;
    for (const a of this.config.associations) {
      if (!('prefixes' in a)) continue;
      for (const p of a.prefixes) {
        if (s.startsWith(p)) for (const n of a.config.targetSheetNames) byPrefix.push({ sheet: n, because: `SURT prefix ${p} ` +
          `(${a.beanName})`, length: p.length });
      }
    }
    byPrefix.sort((x, y) => x.length - y.length);
    const out: Array<{ sheet: string; because: string }> = byPrefix.map(({ sheet, because }) => ({ sheet, because }));
    for (const rule of this.#rules) if (rule.appliesTo(subject)) for (const n of rule.targetSheetNames) out.push({ sheet: n, because: `rule ` +
      `${rule.beanName} accepts` });
    return out;
  }
}
