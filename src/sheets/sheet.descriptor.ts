import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';

export const sheetComponent = defineComponent({
  name: 'Sheet',
  aliases: ['org.archive.spring.Sheet'],
  description:
    'A named set of overrides, `beanId.property.path` to value, applied to the URIs its associations select. Only ' +
    'properties a component declares overlayable can be set; each entry is checked against that property at verify.',
  kinds: ['Sheet'],
  props: {
    map: { type: 'object', default: {}, description: 'Property paths (`disposition.delayFactor`, `preparer.uriPrecedencePolicy.basePrecedence`) to values.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./sheet.js')).Sheet,
});

export const surtPrefixesSheetAssociationComponent = defineComponent({
  name: 'SurtPrefixesSheetAssociation',
  aliases: ['org.archive.crawler.spring.SurtPrefixesSheetAssociation'],
  description: 'Applies sheets to the URIs under SURT prefixes (`http://(org,example,`); longer prefixes take precedence over shorter ones.',
  kinds: ['SheetAssociation'],
  props: {
    surtPrefixes: { type: 'array', items: { type: 'string' }, default: [], description: 'SURT prefixes; https is compared as http. A plain URL or host is turned into its implied prefix.' },
    targetSheetNames: { type: 'array', items: { type: 'string' }, default: [], description: 'The sheets (bean ids of Sheet beans) applied, in order.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./surt-prefixes-sheet-association.js')).SurtPrefixesSheetAssociation,
});

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
  load: async (): Promise<ComponentClass> => (await import('./sheet-overlays-manager.js')).SheetOverlaysManager,
});
