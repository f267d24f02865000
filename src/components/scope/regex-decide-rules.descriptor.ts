import { defineComponent, type ComponentClass, type PropSpec } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { matchesListRegexDecideRuleComponent } from './matches-list-regex-decide-rule.descriptor.js';
import { validateRegexes } from './regex-issues.js';

const FULL_MATCH = 'It must match the whole string, as in Java; an inline `(?i)` makes the whole expression case-insensitive.';

/** The properties of Heritrix's MatchesRegexDecideRule family: `decision` and one `regex` (default `.`). */
function regexProps(subject: string, examples: readonly string[]) {
  return {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    regex: {
      type: 'string', default: '.', overlayable: true, examples,
      description: `The regular expression matched against ${subject}. ${FULL_MATCH} The default \`.\` matches only one-character strings.`,
    },
  } as const satisfies Record<string, PropSpec>;
}

/** Heritrix's current name, its fully qualified name, and the deprecated `RegExp` spellings of both. */
function regexAliases(name: string): string[] {
  const old = name.replace('Regex', 'RegExp');
  const pkg = 'org.archive.modules.deciderules.';
  return [pkg + name, old, pkg + old];
}

const URI_PROPS = regexProps('the URI', ['.*\\.example\\.org/private/.*']);
const HOPS_PROPS = regexProps('the hops path (`LLE`; empty for a seed)', ['.*LLX?$', '.*X.*']);
const CONTENT_TYPE_PROPS = regexProps('the Content-Type, parameters included (`text/html; charset=utf-8`)', ['text/html.*', '(?i)application/(pdf|msword).*']);

export const matchesRegexDecideRuleComponent = defineComponent({
  name: 'MatchesRegexDecideRule',
  aliases: regexAliases('MatchesRegexDecideRule'),
  description: 'Gives its decision to URIs that `regex` matches, the whole URI.',
  kinds: ['DecideRule'],
  props: URI_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => (await import('./matches-regex-decide-rule.js')).MatchesRegexDecideRule,
});

export const notMatchesRegexDecideRuleComponent = defineComponent({
  name: 'NotMatchesRegexDecideRule',
  aliases: regexAliases('NotMatchesRegexDecideRule'),
  description: 'Gives its decision to URIs that `regex` does not match, the whole URI.',
  kinds: ['DecideRule'],
  props: URI_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => (await import('./matches-regex-decide-rule.js')).NotMatchesRegexDecideRule,
});

export const notMatchesListRegexDecideRuleComponent = defineComponent({
  name: 'NotMatchesListRegexDecideRule',
  aliases: regexAliases('NotMatchesListRegexDecideRule'),
  description:
    'Gives its decision to URIs that match none of `regexList` (with `listLogicalOr` false: not all of them). As in Heritrix, ' +
    'an empty list matches nothing, so the rule then applies to every URI.',
  kinds: ['DecideRule'],
  props: matchesListRegexDecideRuleComponent.props,
  validate: validateRegexes('regexList'),
  load: async (): Promise<ComponentClass> => (await import('./not-matches-list-regex-decide-rule.js')).NotMatchesListRegexDecideRule,
});

export const hopsPathMatchesRegexDecideRuleComponent = defineComponent({
  name: 'HopsPathMatchesRegexDecideRule',
  aliases: regexAliases('HopsPathMatchesRegexDecideRule'),
  description: 'Gives its decision to URIs whose hops path (how they were reached from a seed: `L` link, `E` embed, `X` speculative, `R` redirect, `P` prerequisite…) `regex` matches.',
  kinds: ['DecideRule'],
  props: HOPS_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => (await import('./hops-path-matches-regex-decide-rule.js')).HopsPathMatchesRegexDecideRule,
});

export const contentTypeMatchesRegexDecideRuleComponent = defineComponent({
  name: 'ContentTypeMatchesRegexDecideRule',
  aliases: regexAliases('ContentTypeMatchesRegexDecideRule'),
  description: 'Gives its decision to fetched URIs whose Content-Type `regex` matches; NONE before a fetch. Typically a processor\'s `shouldProcessRule`.',
  kinds: ['DecideRule'],
  props: CONTENT_TYPE_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => (await import('./content-type-matches-regex-decide-rule.js')).ContentTypeMatchesRegexDecideRule,
});

export const contentTypeNotMatchesRegexDecideRuleComponent = defineComponent({
  name: 'ContentTypeNotMatchesRegexDecideRule',
  aliases: regexAliases('ContentTypeNotMatchesRegexDecideRule'),
  description: 'Gives its decision to fetched URIs that have a Content-Type `regex` does not match; NONE before a fetch or without a Content-Type.',
  kinds: ['DecideRule'],
  props: CONTENT_TYPE_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => (await import('./content-type-matches-regex-decide-rule.js')).ContentTypeNotMatchesRegexDecideRule,
});

const FILE_PATTERN_PROPS = {
  ...regexProps('the URI when `usePreset` is CUSTOM', ['.*(?i)\\.(zip|gz|iso)$']),
  usePreset: {
    type: 'string', enum: ['ALL', 'IMAGES', 'AUDIO', 'VIDEO', 'MISC', 'CUSTOM'], default: 'ALL', overlayable: true,
    description:
      'Heritrix\'s group of file suffixes, any case, at the end of the URI: IMAGES (bmp gif jpg jpeg png svg tif tiff), ' +
      'AUDIO (aac aif aiff m3u m4a mid midi mp2 mp3 mp4 mpa ogg ra ram wav wma), VIDEO (asf asx avi flv mov mp4 mpeg mpg qt ram rm ' +
      'smil wmv), MISC (doc pdf ppt swf), ALL (all of these); CUSTOM uses `regex`.',
  },
} as const satisfies Record<string, PropSpec>;

export const matchesFilePatternDecideRuleComponent = defineComponent({
  name: 'MatchesFilePatternDecideRule',
  aliases: ['org.archive.modules.deciderules.MatchesFilePatternDecideRule'],
  description: 'Gives its decision to URIs ending in a file suffix of the `usePreset` group (images, audio, video, documents), or matching `regex` with CUSTOM.',
  kinds: ['DecideRule'],
  props: FILE_PATTERN_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => (await import('./matches-file-pattern-decide-rule.js')).MatchesFilePatternDecideRule,
});

export const notMatchesFilePatternDecideRuleComponent = defineComponent({
  name: 'NotMatchesFilePatternDecideRule',
  aliases: ['org.archive.modules.deciderules.NotMatchesFilePatternDecideRule'],
  description: 'Gives its decision to URIs not ending in a file suffix of the `usePreset` group (not matching `regex` with CUSTOM).',
  kinds: ['DecideRule'],
  props: FILE_PATTERN_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => (await import('./matches-file-pattern-decide-rule.js')).NotMatchesFilePatternDecideRule,
});

/** The regular-expression rules of this file, in the order the catalog lists them. */
export const REGEX_DECIDE_RULE_COMPONENTS = [
  matchesRegexDecideRuleComponent,
  notMatchesRegexDecideRuleComponent,
  notMatchesListRegexDecideRuleComponent,
  hopsPathMatchesRegexDecideRuleComponent,
  contentTypeMatchesRegexDecideRuleComponent,
  contentTypeNotMatchesRegexDecideRuleComponent,
  matchesFilePatternDecideRuleComponent,
  notMatchesFilePatternDecideRuleComponent,
];
