import { descriptorNamed, build, byEffect, uriUnder, type Driver, type PropertyCase } from './driver.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';
import type { CrawlUri } from '../../../src/model/crawl-uri.js';
import { DecideResult } from '../../../src/model/decide-result.js';
import type { DecideRule } from '../../../src/model/decide-rule.js';
import { USAGE_PREFERENCES } from '../../../src/model/usage-preferences.js';

const { ACCEPT, REJECT, NONE } = DecideResult;

/** A URI as a test of a rule sets it up (the overlay is put on by the driver). */
type UriSpec = (overlay: RecordingSheetOverlay) => CrawlUri;

function at(uri: string, init: Parameters<typeof uriUnder>[2] = {}, after?: (curi: CrawlUri) => void): UriSpec {
  return (overlay) => {
    const curi = uriUnder(overlay, uri, init);
    after?.(curi);
    return curi;
  };
}

/** A property of the rule's own: the URI, and the rule's answer without and with the sheet. */
interface RuleProp {
  readonly property: string;
  readonly value: unknown;
  readonly change: string;
  readonly uri: UriSpec;
  readonly base: DecideResult;
  readonly sheet: DecideResult;
  /** Base values this case needs besides the rule's own (why, in a comment where it is written). */
  readonly config?: Readonly<Record<string, unknown>>;
}

interface RuleSpec {
  readonly component: string;
  /** Base values other than the defaults, and the beans the rule refers to. */
  readonly config?: () => Promise<Record<string, unknown>>;
  /** A URI the rule's test holds for under its base values, and what it answers then. */
  readonly hit: UriSpec;
  readonly answers: DecideResult;
  readonly props?: readonly RuleProp[];
}

type StartableRule = DecideRule & { start?(): Promise<void>; onlyDecision?(curi: CrawlUri): DecideResult };

async function ruleFor(spec: RuleSpec, config: Readonly<Record<string, unknown>> = {}): Promise<StartableRule> {
  const rule = await build<StartableRule>(spec.component, { ...(await spec.config?.()), ...config });
  await rule.start?.();
  return rule;
}

/**
 * A decide rule's driver: `enabled` (a rule switched off by a sheet answers NONE) and `decision`
 * (a sheet turns the answer, and the only answer the rule can give, to the other one) wherever
 * the rule declares them overlayable, then its own properties. Each is seen by the decision.
 */
function ruleDriver(spec: RuleSpec): Driver {
  const props = descriptorNamed(spec.component).props;
  const cases: PropertyCase[] = [];
  if (props.enabled?.overlayable) {
    cases.push(byEffect('enabled', false, `a rule switched off answers NONE instead of ${spec.answers}`, { base: spec.answers, sheet: NONE },
      async (overlay) => (await ruleFor(spec)).decisionFor(spec.hit(overlay))));
  }
  if (props.decision?.overlayable) {
    const other = spec.answers === ACCEPT ? REJECT : ACCEPT;
    cases.push(byEffect('decision', other, `the rule answers ${other}, and says it can only answer ` +
      `that`, { base: [spec.answers, spec.answers], sheet: [other, other] },
      async (overlay) => {
        const rule = await ruleFor(spec);
        const curi = spec.hit(overlay);
        return [rule.decisionFor(curi), rule.onlyDecision?.(curi)];
      }));
  }
  for (const p of spec.props ?? []) {
    cases.push(byEffect(p.property, p.value, p.change, { base: p.base, sheet: p.sheet },
      async (overlay) => (await ruleFor(spec, p.config)).decisionFor(p.uri(overlay))));
  }
  return { component: spec.component, cases };
}

/** The beans of a SURT-prefix rule: its prefixes from a real ReadSource (the seeds are left out: none are needed). */
async function surtsOf(text: string): Promise<Record<string, unknown>> {
  return { surtsSource: await build('ConfigString', { value: text }, 'surts') };
}

const EXAMPLE_PREFIX = () => surtsOf('http://example.org/\n');

/** alsoCheckVia: a URI elsewhere, found on a page the prefixes cover. */
const OFF_SITE_FROM_EXAMPLE = at('http://other.test/x', { hopsPath: 'L', via: 'http://example.org/page' });

const SURT_RULES: RuleSpec[] = [
  {
    component: 'SurtPrefixedDecideRule', config: EXAMPLE_PREFIX, hit: at('http://example.org/a'), answers: ACCEPT,
    props: [{ property: 'alsoCheckVia', value: true, change: 'a URI found on a covered page is ' +
      'accepted', uri: OFF_SITE_FROM_EXAMPLE, base: NONE, sheet: ACCEPT }],
  },
  {
    component: 'NotSurtPrefixedDecideRule', config: EXAMPLE_PREFIX, hit: at('http://other.test/a'), answers: ACCEPT,
    props: [{ property: 'alsoCheckVia', value: true, change: 'a URI found on a covered page counts as ' +
      'covered', uri: OFF_SITE_FROM_EXAMPLE, base: ACCEPT, sheet: NONE }],
  },
  {
    component: 'OnHostsDecideRule', config: EXAMPLE_PREFIX, hit: at('http://example.org/any/path'), answers: ACCEPT,
    props: [{ property: 'alsoCheckVia', value: true, change: 'a URI found on a page of the host is ' +
      'accepted', uri: OFF_SITE_FROM_EXAMPLE, base: NONE, sheet: ACCEPT }],
  },
  {
    component: 'NotOnHostsDecideRule', config: EXAMPLE_PREFIX, hit: at('http://other.test/'), answers: ACCEPT,
    props: [{ property: 'alsoCheckVia', value: true, change: 'a URI found on a page of the host counts as on ' +
      'it', uri: OFF_SITE_FROM_EXAMPLE, base: ACCEPT, sheet: NONE }],
  },
  {
    component: 'OnDomainsDecideRule', config: EXAMPLE_PREFIX, hit: at('http://sub.example.org/'), answers: ACCEPT,
    props: [{ property: 'alsoCheckVia', value: true, change: 'a URI found on a page of the domain is ' +
      'accepted', uri: OFF_SITE_FROM_EXAMPLE, base: NONE, sheet: ACCEPT }],
  },
  {
    component: 'NotOnDomainsDecideRule', config: EXAMPLE_PREFIX, hit: at('http://other.test/'), answers: ACCEPT,
    props: [{ property: 'alsoCheckVia', value: true, change: 'a URI found on a page of the domain counts as on ' +
      'it', uri: OFF_SITE_FROM_EXAMPLE, base: ACCEPT, sheet: NONE }],
  },
  {
    component: 'ViaSurtPrefixedDecideRule', config: async () => ({ surtPrefixes: ['http://(org,example,'] }),
    hit: at('http://other.test/x', { hopsPath: 'L', via: 'http://example.org/page' }), answers: ACCEPT,
  },
];

const HOP_RULES: RuleSpec[] = [
  {
    component: 'TooManyHopsDecideRule', hit: at('http://example.org/deep', { hopsPath: 'L'.repeat(21) }), answers: REJECT,
    props: [{ property: 'maxHops', value: 1, change: 'a URI two hops out is ' +
      'rejected', uri: at('http://example.org/2', { hopsPath: 'LL' }), base: NONE, sheet: REJECT }],
  },
  {
    component: 'TransclusionDecideRule', hit: at('http://cdn.test/img.png', { hopsPath: 'LE' }), answers: ACCEPT,
    props: [
      { property: 'maxTransHops', value: 1, change: 'an embed of an embed is no longer ' +
        'accepted', uri: at('http://cdn.test/b.png', { hopsPath: 'LEE' }), base: ACCEPT, sheet: NONE },
      { property: 'maxSpeculativeHops', value: 2, change: 'two speculative hops in a row are ' +
        'accepted', uri: at('http://cdn.test/x.js', { hopsPath: 'LXX' }), base: NONE, sheet: ACCEPT },
    ],
  },
  {
    component: 'HopsPathMatchesRegexDecideRule', hit: at('http://example.org/1', { hopsPath: 'L' }), answers: ACCEPT,
    props: [{ property: 'regex', value: 'L+', change: 'a two-link hops path ' +
      'matches', uri: at('http://example.org/2', { hopsPath: 'LL' }), base: NONE, sheet: ACCEPT }],
  },
  { component: 'PrerequisiteAcceptDecideRule', hit: at('dns:example.org', { hopsPath: 'P', via: 'http://example.org/' }), answers: ACCEPT },
  { component: 'SeedAcceptDecideRule', hit: at('http://example.org/', { isSeed: true }), answers: ACCEPT },
  {
    component: 'SourceSeedDecideRule', config: async () => ({ sourceSeeds: ['http://example.org/'] }),
    hit: at('http://example.org/a', { hopsPath: 'L', sourceTag: 'http://example.org/' }), answers: ACCEPT,
  },
  { component: 'HasViaDecideRule', hit: at('http://example.org/a', { hopsPath: 'L', via: 'http://example.org/' }), answers: ACCEPT },
  { component: 'HopCrossesAssignmentLevelDomainDecideRule', hit: at('http://example.com/', { hopsPath: 'L', via: 'http://www.example.org/' }), answers: ACCEPT },
];

const URI_TEXT_RULES: RuleSpec[] = [
  {
    // Its base list matches the hit, so that enabled and decision have an answer to change.
    component: 'MatchesListRegexDecideRule', config: async () => ({ regexList: ['.*example.*'] }), hit: at('http://example.org/'), answers: ACCEPT,
    props: [
      { property: 'regexList', value: ['.*/private/.*'], change: 'a URI its sheet\'s list matches is ' +
        'accepted', uri: at('http://other.test/private/x'), base: NONE, sheet: ACCEPT },
      {
        property: 'listLogicalOr', value: false, change: 'a URI matching one of two expressions no longer matches', uri: at('http://example.org/'),
        config: { regexList: ['.*example.*', '.*nowhere.*'] }, base: ACCEPT, sheet: NONE,
      },
    ],
  },
  {
    component: 'NotMatchesListRegexDecideRule', hit: at('http://example.org/'), answers: ACCEPT,
    props: [
      { property: 'regexList', value: ['.*example.*'], change: 'a URI its sheet\'s list matches is no longer ' +
        'accepted', uri: at('http://example.org/'), base: ACCEPT, sheet: NONE },
      {
        property: 'listLogicalOr', value: false, change: 'a URI matching one of two expressions counts as not matching', uri: at('http://example.org/'),
        config: { regexList: ['.*example.*', '.*nowhere.*'] }, base: NONE, sheet: ACCEPT,
      },
    ],
  },
  {
    // Its base expression matches the hit (the default `.` matches one-character strings only).
    component: 'MatchesRegexDecideRule', config: async () => ({ regex: '.*example.*' }), hit: at('http://example.org/'), answers: ACCEPT,
    props: [{ property: 'regex', value: '.*/private/.*', change: 'a URI the sheet\'s expression matches is ' +
      'accepted', uri: at('http://other.test/private/x'), base: NONE, sheet: ACCEPT }],
  },
  {
    component: 'NotMatchesRegexDecideRule', hit: at('http://example.org/'), answers: ACCEPT,
    props: [{ property: 'regex', value: '.*example.*', change: 'a URI the sheet\'s expression matches is no longer ' +
      'accepted', uri: at('http://example.org/'), base: ACCEPT, sheet: NONE }],
  },
  {
    component: 'MatchesFilePatternDecideRule', hit: at('http://example.org/a.pdf'), answers: ACCEPT,
    props: [
      { property: 'usePreset', value: 'IMAGES', change: 'a PDF is no longer among the files ' +
        'matched', uri: at('http://example.org/a.pdf'), base: ACCEPT, sheet: NONE },
      { property: 'regex', value: '.*\\.zip', change: 'a zip file matches the sheet\'s custom ' +
        'expression', uri: at('http://example.org/a.zip'), config: { usePreset: 'CUSTOM' }, base: NONE, sheet: ACCEPT },
    ],
  },
  {
    component: 'NotMatchesFilePatternDecideRule', hit: at('http://example.org/page.html'), answers: ACCEPT,
    props: [
      { property: 'usePreset', value: 'IMAGES', change: 'a PDF is not matched, so accepted', uri: at('http://example.org/a.pdf'), base: NONE, sheet: ACCEPT },
      { property: 'regex', value: '.*\\.zip', change: 'a zip file matches the sheet\'s custom expression, so is not ' +
        'accepted', uri: at('http://example.org/a.zip'), config: { usePreset: 'CUSTOM' }, base: ACCEPT, sheet: NONE },
    ],
  },
  {
    component: 'PathologicalPathDecideRule', hit: at('http://example.org/a/a/a/x'), answers: REJECT,
    props: [{ property: 'maxRepetitions', value: 3, change: 'a segment thrice in a row is ' +
      'allowed', uri: at('http://example.org/a/a/a/x'), base: REJECT, sheet: NONE }],
  },
  {
    component: 'TooManyPathSegmentsDecideRule', hit: at(`http://example.org${'/d'.repeat(21)}`), answers: REJECT,
    props: [{ property: 'maxPathDepth', value: 2, change: 'a path of three slashes is ' +
      'rejected', uri: at('http://example.org/a/b/c'), base: NONE, sheet: REJECT }],
  },
  { component: 'SchemeNotInSetDecideRule', hit: at('mailto:someone@example.org'), answers: REJECT },
  {
    // Its base statuses include the hit's, so that enabled and decision have an answer to change.
    component: 'FetchStatusDecideRule', config: async () => ({ statusCodes: [404] }), hit: at('http://example.org/gone', {}, (c) => (c.fetchStatus = 404)), answers: ACCEPT,
  },
  {
    // Its base addresses include the hit's host; a real ServerCache answers for hosts by name.
    component: 'IpAddressSetDecideRule', config: async () => ({ ipAddresses: ['127.0.0.1'], serverCache: await build('ServerCache', {}, 'serverCache') }),
    hit: at('http://127.0.0.1/'), answers: ACCEPT,
  },
  {
    // Its base excludes what the hit is, so that enabled has an answer to change.
    component: 'UrlFilterDecideRule', config: async () => ({ exclude: ['.*/private/.*'] }), hit: at('http://example.org/private/x', { hopsPath: 'L' }), answers: REJECT,
  },
];

/** A fetched URI as the content rules see it: a status, a type and a body's length. */
function fetched(contentType: string, contentSize: number): (curi: CrawlUri) => void {
  return (curi) => {
    curi.fetchStatus = 200;
    curi.fetchBeginTime = Date.now();
    curi.contentType = contentType;
    curi.contentSize = contentSize;
  };
}

const CONTENT_RULES: RuleSpec[] = [
  {
    // Its base expression matches the hit's type (the default `.` matches one-character strings only).
    component: 'ContentTypeMatchesRegexDecideRule', config: async () => ({ regex: 'text/.*' }), hit: at('http://example.org/', {}, fetched('text/html', 10)), answers: ACCEPT,
    props: [{ property: 'regex', value: 'image/.*', change: 'an image matches the sheet\'s ' +
      'expression', uri: at('http://example.org/a.png', {}, fetched('image/png', 10)), base: NONE, sheet: ACCEPT }],
  },
  {
    component: 'ContentTypeNotMatchesRegexDecideRule', hit: at('http://example.org/', {}, fetched('text/html', 10)), answers: ACCEPT,
    props: [{ property: 'regex', value: 'text/.*', change: 'a page the sheet\'s expression matches is no longer ' +
      'accepted', uri: at('http://example.org/', {}, fetched('text/html', 10)), base: ACCEPT, sheet: NONE }],
  },
  {
    component: 'ContentLengthDecideRule', hit: at('http://example.org/', {}, fetched('text/html', 100)), answers: ACCEPT,
    props: [{ property: 'contentLengthThreshold', value: 50, change: 'a body of 100 bytes is ' +
      'rejected', uri: at('http://example.org/', {}, fetched('text/html', 100)), base: ACCEPT, sheet: REJECT }],
  },
  {
    component: 'ResponseContentLengthDecideRule', hit: at('http://example.org/', {}, fetched('text/html', 100)), answers: ACCEPT,
    props: [
      { property: 'lowerBound', value: 200, change: 'a body of 100 bytes is below the ' +
        'bound', uri: at('http://example.org/', {}, fetched('text/html', 100)), base: ACCEPT, sheet: NONE },
      { property: 'upperBound', value: 50, change: 'a body of 100 bytes is above the ' +
        'bound', uri: at('http://example.org/', {}, fetched('text/html', 100)), base: ACCEPT, sheet: NONE },
    ],
  },
  { component: 'ResultFilterDecideRule', hit: at('http://example.org/', {}, fetched('text/html', 100)), answers: ACCEPT },
  {
    // The crawl trains AI; the hit was fetched from a site whose Content-Signal refuses that.
    component: 'UsagePreferenceDecideRule',
    config: async () => ({ metadata: await build('CrawlMetadata', { purposes: ['ai-train'] }, 'metadata') }),
    hit: at('http://example.org/', {}, refusing), answers: REJECT,
    props: [{ property: 'purposes', value: ['search'], change: 'tested for search, which the site allows, the URI is not ' +
      'refused', uri: at('http://example.org/', {}, refusing), base: REJECT, sheet: NONE }],
  },
];

/** A URI fetched from a site whose robots.txt says `Content-Signal: search=yes, ai-train=no`. */
function refusing(curi: CrawlUri): void {
  fetched('text/html', 100)(curi);
  const contentSignal = { search: 'yes', 'ai-train': 'no' };
  curi.attempt.setExtra(USAGE_PREFERENCES, { contentSignal, sources: ['robots.txt Content-Signal: search=yes, ai-train=no'] });
}

const PLAIN_RULES: RuleSpec[] = [
  { component: 'AcceptDecideRule', hit: at('http://example.org/'), answers: ACCEPT },
  { component: 'RejectDecideRule', hit: at('http://example.org/'), answers: REJECT },
  {
    // A sequence of one real rule, so that it has an answer to lose.
    component: 'DecideRuleSequence', config: async () => ({ rules: [await build('AcceptDecideRule', {}, 'acceptAll')] }), hit: at('http://example.org/'), answers: ACCEPT,
  },
];

export const DECIDE_RULE_DRIVERS: Driver[] = [...PLAIN_RULES, ...SURT_RULES, ...HOP_RULES, ...URI_TEXT_RULES, ...CONTENT_RULES].map(ruleDriver);
