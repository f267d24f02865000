import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { USAGE_PREFERENCES, type UsagePreferences } from '../../model/usage-preferences.js';
import { refusedPurposes, USAGE_PURPOSES } from '../../model/usage-purposes.js';
import { usagePreferencesOf } from '../../model/usage-preferences-of.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';

export const usagePreferenceDecideRuleComponent = defineComponent({
  name: 'UsagePreferenceDecideRule',
  description:
    'Gives its decision (REJECT unless set) to URIs whose site\'s usage preferences refuse one of the crawl\'s purposes ' +
    '(`metadata.purposes`, or this rule\'s `purposes`): robots.txt\'s Content-Signal and Content-Usage for the crawler\'s group, known once ' +
    'robots.txt is, and, after the fetch, the response\'s Content-Usage header too. In the scope (with `preselector.recheckScope`) a refused ' +
    'URI is not fetched; as a receiver processor\'s `shouldProcessRule` it is fetched and archived but not handed to the receivers. ' +
    'NONE for prerequisites, robots.txt itself, and while nothing is known.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('REJECT'),
    purposes: {
      type: 'array', items: { type: 'string', enum: [...USAGE_PURPOSES] }, uniqueItems: true, default: [], overlayable: true,
      description: 'The purposes to test; empty: the crawl\'s (`metadata.purposes`).',
    },
  },
  refs: {
    metadata: { kind: 'CrawlMetadata', autowire: true, required: true, description: 'The crawl\'s purposes and the user agent robots.txt is read for.' },
    serverCache: { kind: 'ServerCache', autowire: true, description: 'Where robots.txt is kept: its preferences, before the URI is fetched.' },
  },
  load: async (): Promise<ComponentClass> => UsagePreferenceDecideRule,
});

/**
 * Tests a URI's usage preferences against the crawl's purposes: those FetchHttp computed with the
 * capture (robots.txt's and the header's) once it is fetched, else those its server's robots.txt
 * states, as the ServerCache holds it (what `explain` of a running crawl shows).
 */
export class UsagePreferenceDecideRule extends PredicatedDecideRule<typeof usagePreferenceDecideRuleComponent> {
  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof usagePreferenceDecideRuleComponent>): boolean {
    const purposes = c.purposes.length > 0 ? c.purposes : (this.config.metadata.purposes ?? []);
    if (purposes.length === 0 || curi.isPrerequisite) return false;
    return refusedPurposes(this.preferencesOf(curi), purposes).length > 0;
  }

  /** The preferences the rule reads for a URI: the capture's, else its robots.txt's; undefined while none are known. */
  preferencesOf(curi: CrawlUri): UsagePreferences | undefined {
    const captured = curi.attempt.extra(USAGE_PREFERENCES);
    if (captured !== undefined) return captured;
    if (!/^https?:/.test(curi.uri) || curi.url === undefined || curi.url.pathname === '/robots.txt') return undefined;
    // The server's key in the ServerCache, as the precondition enforcer keeps robots.txt under it (fetch's hostKeyOf).
    const robots = this.config.serverCache?.peek?.(curi.url.host.toLowerCase())?.robots;
    if (robots === undefined) return undefined;
    return usagePreferencesOf(robots, this.config.metadata.forUri(curi).userAgent, curi.uri);
  }
}
