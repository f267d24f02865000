// Apart from its class, so that verify does not load postal-mime.
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

export const extractorCompoundComponent = defineComponent({
  name: 'ExtractorCompound',
  description:
    'Opens compound documents, zip, tar, tar.gz (tgz) and gzip, known by their first bytes, found by any fetcher (web, `file:`), ' +
    'and mail messages (type message/rfc822: their attachments, read with postal-mime; a message of a single part of inline text has none ' +
    'and is not parsed), ' +
    'and gives each element to the receivers as a document of its own, after the compound, with SMILA\'s attributes: ' +
    '`_compoundRecordId` (the URL of the compound holding it), `_compoundPath` (its path there) and `_isCompound` (on a compound, ' +
    'a nested one included); an element\'s URL is the compound\'s, `!/`, its path. Nested compounds are opened too, to maxDepth. ' +
    'In a delta run an element changes when its own content changes, and one that a complete listing of a changed compound no ' +
    'longer has is deleted. Hostile archives are read within limits (total expanded size, ratio, entries, depth): over one, the ' +
    'compound is kept, the rest skipped, the URI annotated `compoundTrunc` and an alert says why; no element is then deleted. ' +
    'Entry names that climb out (`..`) or are absolute are refused the same way, so no receiver writes outside its folder. ' +
    'A zip entry is checked against its CRC-32 and sizes (local header, central directory, data descriptor): one that disagrees ' +
    'is left out, the compound and its other elements kept, the URI annotated `compoundCorrupt:N` (N elements) and an alert names ' +
    'each and what disagrees; no element is then deleted.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    maxExpandedBytes: { type: 'integer', default: 64 * 1024 * 1024, minimum: 0, overlayable: true, description: 'The most bytes a compound\'s ' +
      'elements may hold together, nested ones included (they are held in memory while the URI is processed); a mail message larger than this ' +
      'is not opened (its parts would all be held decoded at once).' },
    maxRatio: { type: 'number', default: 200, exclusiveMinimum: 0, overlayable: true, description: 'The most an element may expand over its ' +
      'compressed size (a zip bomb expands thousands of times).' },
    maxEntries: { type: 'integer', default: 10_000, minimum: 0, overlayable: true, description: 'The most elements a compound may give, nested ' +
      'ones included.' },
    maxDepth: { type: 'integer', default: 3, minimum: 1, overlayable: true, description: 'How deep compounds inside compounds are opened: 1 opens ' +
      'the compound\'s own elements only.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Hears (alerts.log) of a compound read only in part, and why.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./extractor-compound.js')).ExtractorCompound,
});
