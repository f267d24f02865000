import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { DOCUMENT_ATTRIBUTE_NAMES } from './document-attributes.js';

export const DEFAULT_JSONL_MAPPING = {
  httpUrl: 'url', httpMimetype: 'mimeType', httpCharset: 'charset', httpContenttype: 'contentType',
  httpLastModified: 'lastModified', httpSize: 'size',
} as const;

/** The key every line gives the document's event (`found`, `new`, `changed`, `unchanged`, `deleted`); no attribute may take it. */
export const KIND_KEY = 'kind';

export const jsonlReceiverComponent = defineComponent({
  name: 'JsonlReceiver',
  description:
    'A result receiver writing one JSON object a line per document. As in SMILA\'s web crawler `mapping`, each attribute ' +
    'written is named by the mapping and attributes left out of it are not written. Each line begins with `kind`: `found` ' +
    'outside delta runs, else the document\'s delta, `new`, `changed`, `unchanged` or `deleted`. A document unchanged without ' +
    'content (a 304) or deleted has only what its event knows: httpUrl, httpMimetype, httpSize, httpLastModified, ' +
    'httpStatus, contentDigest and fetchTime (those mapped and known).',
  kinds: ['Receiver'],
  props: {
    path: { type: 'string', default: '${launchId}/documents.jsonl', path: true, description: 'The JSON Lines file (appended to).' },
    mapping: {
      type: 'object', additionalProperties: { type: 'string', minLength: 1 },
      default: DEFAULT_JSONL_MAPPING,
      description: `Attribute → JSON key. Attributes: ${DOCUMENT_ATTRIBUTE_NAMES.map((a) => `\`${a}\``).join(', ')} ` +
        '(SMILA\'s http… names first; httpSize is the content\'s bytes, httpLastModified and fetchTime ISO dates). A mapping given replaces the default one. ' +
        `The key \`${KIND_KEY}\` is the line's own.`,
    },
    contentFormat: {
      type: 'string', enum: ['text', 'base64', 'path'], default: 'text',
      description: 'How httpContent is written, when mapped: `text` (decoded with the document\'s charset, UTF-8 when it names none), ' +
        '`base64`, or `path` (the content is saved in contentDirectory, or for a file: URI left where it is, and its path written).',
    },
    contentDirectory: { type: 'string', default: '${launchId}/content', path: true, description: 'Where contentFormat `path` saves contents, each named by the SHA-1 of its URL.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps how far the file was written at each commit, so a resumed crawl continues it without duplicate lines.' },
  },
  validate: validateMapping,
  load: async (): Promise<ComponentClass> => (await import('./jsonl-receiver.js')).JsonlReceiver,
});

/** SMILA's mapping: known attributes only, each to a key of its own. */
function validateMapping(bean: BeanView): ValidationIssue[] {
  const mapping = (bean.config.mapping ?? {}) as Record<string, string>;
  const issues: ValidationIssue[] = [];
  for (const attribute of Object.keys(mapping)) {
    if ((DOCUMENT_ATTRIBUTE_NAMES as string[]).includes(attribute)) continue;
    const near = didYouMean(attribute, DOCUMENT_ATTRIBUTE_NAMES);
    issues.push({ property: 'mapping', message: `maps an unknown attribute "${attribute}"`, hints: near.length ? [`did you mean "${near[0]}"?`] : [`attributes: ${DOCUMENT_ATTRIBUTE_NAMES.join(', ')}`] });
  }
  const keys = Object.values(mapping);
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  if (twice !== undefined) issues.push({ property: 'mapping', message: `maps two attributes to the key "${twice}"` });
  const reserved = Object.keys(mapping).find((a) => mapping[a] === KIND_KEY);
  if (reserved !== undefined) {
    issues.push({ property: 'mapping', message: `maps "${reserved}" to the key "${KIND_KEY}", which every line uses for the document's event (found, new, changed, unchanged, deleted)`, hints: ['choose another key'] });
  }
  return issues;
}
