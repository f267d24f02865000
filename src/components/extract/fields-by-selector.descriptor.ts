// Apart from its class, so that verify loads cheerio only for a job that has this bean.
import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { parseFieldSpec } from './field-spec.js';

/** Every field's selector parsed as cheerio will: one that is not a selector is an error at its entry. */
async function validateSelectors(bean: BeanView): Promise<ValidationIssue[]> {
  const fields = (bean.config.fields ?? {}) as Record<string, string>;
  if (Object.keys(fields).length === 0) return [];
  const { load } = await import('cheerio');
  const $ = load('<html></html>');
  const issues: ValidationIssue[] = [];
  for (const [name, written] of Object.entries(fields)) {
    const spec = parseFieldSpec(written);
    const at = bean.locationOf('fields', name);
    if (!spec.selector) {
      issues.push({ property: 'fields', at, message: `field "${name}" has no selector`, hints: ['write `SELECTOR`, `all SELECTOR` or `SELECTOR @attribute`'] });
      continue;
    }
    try {
      $(spec.selector);
    } catch (e) {
      issues.push({ property: 'fields', at, message: `field "${name}": "${spec.selector}" is not a CSS selector (${(e as Error).message})` });
    }
  }
  return issues;
}

export const fieldsBySelectorComponent = defineComponent({
  name: 'FieldsBySelector',
  description:
    'Takes fields out of HTML documents by CSS selector (cheerio), for receivers to map as `field.NAME`: what a Crawlee ' +
    'user writes a handler for, configured in the bean file. Each field is `[all ]SELECTOR[ @ATTRIBUTE]`: the first ' +
    'match\'s text (white space collapsed), or with `all` every match\'s (a list), or with `@ATTRIBUTE` that attribute ' +
    'instead of the text. A selector that matches nothing leaves the field absent; one that is not a selector is a located ' +
    'verify error. `fields` is overlayable, so a sheet gives a site its own selectors. Only documents that have fields to take ' +
    'are parsed (a second parse, into a DOM): a job without fields for a site pays nothing there. Put it in the fetch chain ' +
    'after ExtractorDocument.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    fields: {
      type: 'object', additionalProperties: { type: 'string' }, default: {}, overlayable: true,
      description: 'Field name → `[all ]SELECTOR[ @ATTRIBUTE]` (`price`: `span.price`; `tags`: `all ul.tags li`; `author`: `meta[name=author] @content`).',
    },
    maxBytes: {
      type: 'integer', default: 4 * 1024 * 1024, minimum: 0, overlayable: true,
      description: 'Documents larger than this many bytes are not parsed for fields (annotated `fieldsSkipped` in crawl.log): a DOM of a huge page ' +
        'would balloon the process. 0 = no limit.',
    },
  },
  refs: { ...PROCESSOR_REFS },
  validate: validateSelectors,
  load: async (): Promise<ComponentClass> => (await import('./fields-by-selector.js')).FieldsBySelector,
});
