import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { validateRegexes } from './regex-issues.js';
import { FILE_PATTERN_PROPS } from './regex-decide-rules-props.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { MatchesRegexDecideRule, type RegexRuleConfig } from './matches-regex-decide-rule.js';
import type { matchesRegexDecideRuleComponent } from './matches-regex-decide-rule.js';

export const matchesFilePatternDecideRuleComponent = defineComponent({
  name: 'MatchesFilePatternDecideRule',
  aliases: ['org.archive.modules.deciderules.MatchesFilePatternDecideRule'],
  description: 'Gives its decision to URIs ending in a file suffix of the `usePreset` group (images, audio, video, documents), or matching `regex` ' +
    'with CUSTOM.',
  kinds: ['DecideRule'],
  props: FILE_PATTERN_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => MatchesFilePatternDecideRule,
});

export const notMatchesFilePatternDecideRuleComponent = defineComponent({
  name: 'NotMatchesFilePatternDecideRule',
  aliases: ['org.archive.modules.deciderules.NotMatchesFilePatternDecideRule'],
  description: 'Gives its decision to URIs not ending in a file suffix of the `usePreset` group (not matching `regex` with CUSTOM).',
  kinds: ['DecideRule'],
  props: FILE_PATTERN_PROPS,
  validate: validateRegexes('regex'),
  load: async (): Promise<ComponentClass> => NotMatchesFilePatternDecideRule,
});

/** Heritrix's preset groups of file suffixes (MatchesFilePatternDecideRule.Preset), as Heritrix writes them. */
export const FILE_PATTERN_PRESETS = {
  ALL: '.*(?i)(\\.(bmp|gif|jpe?g|png|svg|tiff?|aac|aiff?|m3u|m4a|midi?|mp2|mp3|mp4|mpa|ogg|ra|ram|wav|wma|asf|asx|avi|flv|mov|mp4|mpeg|mpg|qt|ram|rm|smil|wmv|doc|pdf|ppt|swf))$',
  IMAGES: '.*(?i)(\\.(bmp|gif|jpe?g|png|svg|tiff?))$',
  AUDIO: '.*(?i)(\\.(aac|aiff?|m3u|m4a|midi?|mp2|mp3|mp4|mpa|ogg|ra|ram|wav|wma))$',
  VIDEO: '.*(?i)(\\.(asf|asx|avi|flv|mov|mp4|mpeg|mpg|qt|ram|rm|smil|wmv))$',
  MISC: '.*(?i)(\\.(doc|pdf|ppt|swf))$',
} as const;

export type FilePatternPreset = keyof typeof FILE_PATTERN_PRESETS | 'CUSTOM';

export interface FilePatternRuleConfig extends RegexRuleConfig {
  readonly usePreset: FilePatternPreset;
}

/**
 * Heritrix's MatchesFilePatternDecideRule: its decision when the URI ends in one of the suffixes of
 * the preset group `usePreset` (any case); CUSTOM uses `regex` instead.
 */
export class MatchesFilePatternDecideRule extends MatchesRegexDecideRule {
  protected override source(c: ConfigOf<typeof matchesRegexDecideRuleComponent>): string {
    const preset = (c as unknown as FilePatternRuleConfig).usePreset;
    return preset === 'CUSTOM' ? c.regex : FILE_PATTERN_PRESETS[preset];
  }
}

/** Heritrix's NotMatchesFilePatternDecideRule: its decision when the URI does not end in one of the preset's suffixes. */
export class NotMatchesFilePatternDecideRule extends MatchesFilePatternDecideRule {
  protected override evaluate(curi: CrawlUri, c: ConfigOf<typeof matchesRegexDecideRuleComponent>): boolean {
    return !super.evaluate(curi, c);
  }
}
