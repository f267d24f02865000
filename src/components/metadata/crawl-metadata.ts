import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { VERSION } from '../../util/version.js';
import type { crawlMetadataComponent } from './crawl-metadata.descriptor.js';

export type CrawlMetadataConfig = ConfigOf<typeof crawlMetadataComponent>;

/** The operator's identity and the crawl's description, as configured. */
export class CrawlMetadata implements CrawlMetadataInfo {
  readonly operatorContactUrl: string;
  readonly operatorFrom: string;
  readonly jobName: string;
  readonly robotsPolicyName: string;
  readonly operator: string;
  readonly organization: string;
  readonly audience: string;
  readonly description: string;
  readonly #template: string;
  /** The bean id (set by the container): sheets address it as `metadata.robotsPolicyName`. */
  beanName = '';
  readonly #variants = new WeakMap<object, CrawlMetadata>();

  constructor(readonly config: CrawlMetadataConfig) {
    this.operatorContactUrl = config.operatorContactUrl;
    this.operatorFrom = config.operatorFrom;
    this.jobName = config.jobName;
    this.robotsPolicyName = config.robotsPolicyName;
    this.operator = config.operator;
    this.organization = config.organization;
    this.audience = config.audience;
    this.description = config.description;
    this.#template = config.userAgentTemplate;
  }

  forUri(curi: CrawlUri): CrawlMetadataInfo {
    if (!curi.overlay) return this;
    const config = curi.configFor(this.beanName, this.config);
    if (config === this.config) return this;
    let variant = this.#variants.get(config);
    if (!variant) this.#variants.set(config, (variant = new CrawlMetadata(config)));
    return variant;
  }

  userAgent(): string {
    return this.#template.replaceAll('@VERSION@', VERSION).replaceAll('@OPERATOR_CONTACT_URL@', this.operatorContactUrl);
  }
}
