import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import { Configurable } from '../../model/configurable.js';
import type { CrawlMetadataInfo, OperatorIdentity } from '../../model/crawl-metadata-info.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { VERSION } from '../../util/version.js';
import type { crawlMetadataComponent } from './crawl-metadata.descriptor.js';

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
