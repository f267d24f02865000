import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { fullMatchRegex as fullMatchPattern } from '../../util/java-regex.js';

export const preselectorComponent = defineComponent({
  name: 'Preselector',
  aliases: ['org.archive.crawler.prefetch.Preselector'],
  description:
    'First step of the fetch chain: blocks URIs by user setting (status -5001) and, when asked, checks them against ' +
    'the scope again as they leave the frontier (status -5000), for scopes changed during a crawl.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    recheckScope: { type: 'boolean', default: false, overlayable: true, description: 'Check each URI against `scope` again before fetching it; one the scope no longer accepts gets status -5000 (out of scope).' },
    blockAll: { type: 'boolean', default: false, overlayable: true, description: 'Block every URI (status -5001, blocked by user); meant for sheets that stop some sites.' },
    blockByRegex: { type: 'string', default: '', overlayable: true, description: 'Block URIs that this regular expression matches in full (status -5001); empty blocks none.' },
    allowByRegex: { type: 'string', default: '', overlayable: true, description: 'Block URIs that this regular expression does not match in full (status -5001); empty allows all.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    scope: { kind: 'DecideRule', autowire: false, description: 'The scope that `recheckScope` applies; usually `<ref bean="scope"/>`.' },
  },
  validate: validatePreselector,
  load: async (): Promise<ComponentClass> => (await import('./preselector.js')).Preselector,
});

function validatePreselector(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const property of ['blockByRegex', 'allowByRegex']) {
    const source = String(bean.config[property] ?? '');
    try {
      if (source !== '') fullMatchPattern(source);
    } catch (e) {
      issues.push({ property, message: `is not a valid regular expression: ${(e as Error).message}` });
    }
  }
  if (bean.config.recheckScope === true && bean.refs('scope').length === 0) {
    issues.push({ property: 'recheckScope', message: 'is true but no scope is set to recheck against', hints: ['add <property name="scope" ref="scope"/>'] });
  }
  return issues;
}
