import { defineComponent, type BeanView, type ComponentClass, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { fullMatchRegex as fullMatchPattern, regexProblem } from '../../util/java-regex.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { finishWith } from './finish-with.js';

function validatePreselector(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const property of ['blockByRegex', 'allowByRegex']) {
    const source = String(bean.config[property] ?? '');
    try {
      if (source !== '') fullMatchPattern(source);
    } catch (e) {
      issues.push({ property, message: `"${source}"${regexProblem(e)}` });
    }
  }
  if (bean.config.recheckScope === true && bean.refs('scope').length === 0) {
    issues.push({ property: 'recheckScope', message: 'is true but no scope is set to recheck against', hints: ['add <property name="scope" ref="scope"/>'] });
  }
  return issues;
}

export const preselectorComponent = defineComponent({
  name: 'Preselector',
  aliases: ['org.archive.crawler.prefetch.Preselector'],
  description:
    'First step of the fetch chain: blocks URIs by user setting (status -5001) and, when asked, checks them against ' +
    'the scope again as they leave the frontier (status -5000), for scopes changed during a crawl.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    recheckScope: { type: 'boolean', default: false, overlayable: true, description: 'Check each URI against `scope` again before fetching it; one ' +
      'the scope no longer accepts gets status -5000 (out of scope).' },
    blockAll: { type: 'boolean', default: false, overlayable: true, description: 'Block every URI (status -5001, blocked by user); meant for ' +
      'sheets that stop some sites.' },
    blockByRegex: { type: 'string', default: '', overlayable: true, description: 'Block URIs that this regular expression matches in full (status ' +
      '-5001); empty blocks none.' },
    allowByRegex: { type: 'string', default: '', overlayable: true, description: 'Block URIs that this regular expression does not match in full ' +
      '(status -5001); empty allows all.' },
    logToFile: {
      type: 'boolean', default: false, ignored: 'the URIs it blocks are already in crawl.log, with status -5000 or -5001; there is no separate log',
      description: 'Heritrix writes the URIs it rejects to `logs/<bean id>.log`; accepted for Heritrix files, not used.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    scope: { kind: 'DecideRule', autowire: false, description: 'The scope that `recheckScope` applies; usually `<ref bean="scope"/>`.' },
  },
  validate: validatePreselector,
  load: async (): Promise<ComponentClass> => Preselector,
});

export type PreselectorConfig = ConfigOf<typeof preselectorComponent>;

/** Heritrix's Preselector: blockAll, then allowByRegex, then blockByRegex, then the scope recheck. */
export class Preselector extends Processor<typeof preselectorComponent> {
  readonly #patterns = new Map<string, RegExp>();

  protected innerProcess(curi: CrawlUri, c: PreselectorConfig): ProcessResult {
    if (c.blockAll) return finishWith(curi, FetchStatus.BLOCKED_BY_USER);
    if (c.allowByRegex !== '' && !this.#pattern(c.allowByRegex).test(curi.uri)) return finishWith(curi, FetchStatus.BLOCKED_BY_USER);
    if (c.blockByRegex !== '' && this.#pattern(c.blockByRegex).test(curi.uri)) return finishWith(curi, FetchStatus.BLOCKED_BY_USER);
    if (c.recheckScope && c.scope && c.scope.decisionFor(curi) !== DecideResult.ACCEPT) return finishWith(curi, FetchStatus.OUT_OF_SCOPE);
    return PROCEED;
  }

  /** Compiled once per source, so that sheets giving other expressions cost one compile each. */
  #pattern(source: string): RegExp {
    let pattern = this.#patterns.get(source);
    if (pattern === undefined) this.#patterns.set(source, (pattern = fullMatchPattern(source)));
    return pattern;
  }
}
