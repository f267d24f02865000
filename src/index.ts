export { VERSION } from './util/version.js';

// URLs as a crawler sees them: SURT, scope prefixes, queue keys, normalisation, canonical keys, robots.txt.
export { surt } from './util/url/surt.js';
export { impliedSurtPrefix } from './util/url/implied-surt-prefix.js';
export { SurtPrefixSet } from './util/url/surt-prefix-set.js';
export { surtSearchKeys } from './util/url/surt-search-keys.js';
export { surtAuthorityQueueKey, DEFAULT_QUEUE_KEY } from './util/url/surt-authority-queue-key.js';
export type { QueueKeyOptions } from './util/url/surt-authority-queue-key.js';
export { normalizeUrl } from './util/url/normalize-url.js';
export type { SwitchableCanonicalizationRule, SwitchableCanonicalizationRuleProps } from './util/url/canonicalize/switchable-canonicalization-rule.js';
export { LowercaseRule } from './util/url/canonicalize/lowercase-rule.js';
export { StripUserinfoRule } from './util/url/canonicalize/strip-userinfo-rule.js';
export { StripWwwnRule } from './util/url/canonicalize/strip-wwwn-rule.js';
export { StripSessionIds } from './util/url/canonicalize/strip-session-ids.js';
export { StripSessionCfids } from './util/url/canonicalize/strip-session-cfids.js';
export { FixupQueryString } from './util/url/canonicalize/fixup-query-string.js';
export { CanonicalKeyRules } from './util/url/canonicalize/canonical-key-rules.js';
export type { CanonicalKeyRulesProps } from './util/url/canonicalize/canonical-key-rules.js';
export { parseRobotsTxt, DEFAULT_ROBOTS_MAX_BYTES } from './util/url/robots/parse-robots-txt.js';
export type { ParseRobotsTxtOptions } from './util/url/robots/parse-robots-txt.js';
export { RobotsTxt } from './util/url/robots/robots-txt.js';
export type { RobotsGroup } from './util/url/robots/robots-txt.js';
export type { RobotsRule } from './util/url/robots/robots-rule.js';
export { robotsProductToken } from './util/url/robots/robots-product-token.js';

// Components of other packages (docs/guide/component-packages.md): what a package that gives beancrawl components writes them with.
export { defineComponent } from './beans/registry/component-descriptor.js';
export type { BeanView, ComponentClass, ComponentDescriptor, ConfigOf, PropSpec, RefSpec, ValidateContext, ValidationIssue } from './beans/registry/component-descriptor.js';
export type { CrawledDocument, Receiver } from './model/receiver.js';
export type { DocumentEvent } from './model/fetch-history.js';
export type { ExtractedDocument } from './model/extracted-document.js';
