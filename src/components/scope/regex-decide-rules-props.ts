import type { PropSpec } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';

export const FULL_MATCH = 'It is Java\'s and must match the whole string, as in Java: an inline `(?i)` applies from where it stands to the end of its group, '
  + 'and a construct that cannot match the same here (a backreference, `\\G`) is an error at verify naming it and its offset.';

/** The properties of Heritrix's MatchesRegexDecideRule family: `decision` and one `regex` (default `.`). */
export function regexProps(subject: string, examples: readonly string[]) {
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
export function regexAliases(name: string): string[] {
  const old = name.replace('Regex', 'RegExp');
  const pkg = 'org.archive.modules.deciderules.';
  return [pkg + name, old, pkg + old];
}

export const URI_PROPS = regexProps('the URI', ['.*\\.example\\.org/private/.*']);

export const HOPS_PROPS = regexProps('the hops path (`LLE`; empty for a seed)', ['.*LLX?$', '.*X.*']);

export const CONTENT_TYPE_PROPS = regexProps('the Content-Type, parameters included (`text/html; ' +
  'charset=utf-8`)', ['text/html.*', '(?i)application/(pdf|msword).*']);

export const FILE_PATTERN_PROPS = {
  ...regexProps('the URI when `usePreset` is CUSTOM', ['.*(?i)\\.(zip|gz|iso)$']),
  usePreset: {
    type: 'string', enum: ['ALL', 'IMAGES', 'AUDIO', 'VIDEO', 'MISC', 'CUSTOM'], default: 'ALL', overlayable: true,
    description:
      'Heritrix\'s group of file suffixes, any case, at the end of the URI: IMAGES (bmp gif jpg jpeg png svg tif tiff), ' +
      'AUDIO (aac aif aiff m3u m4a mid midi mp2 mp3 mp4 mpa ogg ra ram wav wma), VIDEO (asf asx avi flv mov mp4 mpeg mpg qt ram rm ' +
      'smil wmv), MISC (doc pdf ppt swf), ALL (all of these); CUSTOM uses `regex`.',
  },
} as const satisfies Record<string, PropSpec>;

