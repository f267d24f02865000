import { defineComponent, type ComponentClass, type BeanView, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlMetadataInfo, OperatorIdentity } from '../../model/crawl-metadata-info.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { VERSION } from '../../util/version.js';
import { USAGE_PURPOSES } from '../../model/usage-purposes.js';

export const PLACEHOLDER_CONTACT_URL = 'ENTER_AN_URL_WITH_YOUR_CONTACT_INFO_HERE_FOR_WEBMASTERS_AFFECTED_BY_YOUR_CRAWL';

/** Heritrix's three rules for CrawlMetadata. */
function validateCrawlMetadata(bean: BeanView): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const url = String(bean.config.operatorContactUrl ?? '');
  if (!/^https?:\/\/\S+$/i.test(url)) {
    issues.push({
      property: 'operatorContactUrl',
      message: url === '' ? 'is not set; it must be an http(s) URL where webmasters can reach the operator'
        : url === PLACEHOLDER_CONTACT_URL ? 'still holds the profile\'s placeholder; set an http(s) URL where webmasters can reach the operator'
          : `must be an http(s) URL, got "${url}"`,
      hints: ['edit the bean file, or try a value with --set metadata.operatorContactUrl=https://example.org/contact'],
    });
  }
  if (!String(bean.config.userAgentTemplate).includes('@OPERATOR_CONTACT_URL@')) {
    issues.push({ property: 'userAgentTemplate', message: 'must contain @OPERATOR_CONTACT_URL@, so that every request says how to reach the operator' });
  }
  const from = String(bean.config.operatorFrom ?? '');
  if (from !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(from)) {
    issues.push({ property: 'operatorFrom', message: `must be blank or an e-mail address, got "${from}"` });
  }
  return issues;
}

export const crawlMetadataComponent = defineComponent({
  name: 'CrawlMetadata',
  aliases: ['org.archive.modules.CrawlMetadata'],
  description:
    'Who runs the crawl and how it identifies itself: the User-Agent template, the operator\'s contact URL and ' +
    'e-mail, the robots.txt policy, and descriptive fields written into WARC warcinfo records.',
  kinds: ['CrawlMetadata'],
  props: {
    operatorContactUrl: { type: 'string', default: '', overlayable: true, description: 'An http(s) URL where webmasters affected by the crawl can ' +
      'reach the operator. Required before a launch.' },
    operatorFrom: { type: 'string', default: '', overlayable: true, description: 'The operator\'s e-mail address, sent as the From header; blank sends none.' },
    operator: { type: 'string', default: '', description: 'The operator\'s name.' },
    organization: { type: 'string', default: '', description: 'The organisation running the crawl (WARC `publisher`).' },
    audience: { type: 'string', default: '', description: 'Who the crawl is for.' },
    jobName: { type: 'string', default: '', description: 'A short name of the crawl (WARC `isPartOf`).' },
    description: { type: 'string', default: '', description: 'What the crawl is about.' },
    purposes: {
      type: 'array', items: { type: 'string', enum: [...USAGE_PURPOSES] }, uniqueItems: true, default: [],
      description: 'What the crawl gathers content for: search, ai-input, ai-train, archive. A UsagePreferenceDecideRule acts on the sites\' ' +
        'usage preferences (Content-Signal, Content-Usage) for these purposes; empty: nothing acts on them (they are recorded all the same).',
      examples: [['search'], ['ai-train', 'archive']],
    },
    robotsPolicyName: {
      type: 'string', enum: ['obey', 'classic', 'robotsTxtOnly', 'ignore'], default: 'obey', overlayable: true,
      description: 'How robots.txt is honoured: obey (also meta robots), classic (= obey), robotsTxtOnly, ignore.',
    },
    userAgentTemplate: {
      type: 'string', default: 'Mozilla/5.0 (compatible; beancrawl/@VERSION@ +@OPERATOR_CONTACT_URL@)', overlayable: true,
      description: 'The User-Agent header; `@VERSION@` and `@OPERATOR_CONTACT_URL@` are filled in. Must contain `@OPERATOR_CONTACT_URL@`.',
    },
  },
  validate: validateCrawlMetadata,
  load: async (): Promise<ComponentClass> => CrawlMetadata,
});

export type CrawlMetadataConfig = ConfigOf<typeof crawlMetadataComponent>;

/** The operator's identity and the crawl's description, as configured. */
export class CrawlMetadata extends Configurable<typeof crawlMetadataComponent> implements CrawlMetadataInfo {
  /** The identity of each configuration a URI sees (the base one, and one per combination of sheets), made once. */
  readonly #identities = new WeakMap<object, OperatorIdentity>();

  get jobName(): string {
    return this.config.jobName;
  }

  get operator(): string {
    return this.config.operator;
  }

  get organization(): string {
    return this.config.organization;
  }

  get audience(): string {
    return this.config.audience;
  }

  get description(): string {
    return this.config.description;
  }

  get purposes(): readonly string[] {
    return this.config.purposes;
  }

  forUri(curi: CrawlUri): OperatorIdentity {
    return this.#identityOf(this.configFor(curi));
  }

  forNoUri(): OperatorIdentity {
    return this.#identityOf(this.configForNoUri());
  }

  #identityOf(c: CrawlMetadataConfig): OperatorIdentity {
    let identity = this.#identities.get(c);
    if (!identity) this.#identities.set(c, (identity = operatorIdentity(c)));
    return identity;
  }
}

/** The identity a configuration gives: its User-Agent template filled in with the version and the contact URL. */
export function operatorIdentity(c: Pick<CrawlMetadataConfig, 'operatorContactUrl' | 'operatorFrom' | 'robotsPolicyName' | 'userAgentTemplate'>): OperatorIdentity {
  return {
    operatorContactUrl: c.operatorContactUrl,
    operatorFrom: c.operatorFrom,
    robotsPolicyName: c.robotsPolicyName,
    userAgent: c.userAgentTemplate.replaceAll('@VERSION@', VERSION).replaceAll('@OPERATOR_CONTACT_URL@', c.operatorContactUrl),
  };
}
