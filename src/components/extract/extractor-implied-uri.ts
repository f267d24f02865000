import { defineComponent, type BeanView, type ComponentClass, type ConfigOf, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { Hop } from '../../model/hop.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { expandJavaReplacement } from '../../util/java-replacement.js';
import { fullMatchRegex, regexProblem } from '../../util/java-regex.js';
import { LinkContext } from './link-context.js';
import { OutlinkSink } from './outlink-sink.js';

/** regex must compile, and format refer only to groups it has (found at load, not at the first match). */
function validateRegexAndFormat(bean: BeanView): ValidationIssue[] {
  const { regex, format } = bean.config;
  let pattern: RegExp;
  try {
    pattern = fullMatchRegex(typeof regex === 'string' ? regex : DEFAULT_REGEX);
  } catch (e) {
    return [{ property: 'regex', message: `"${String(regex)}"${regexProblem(e)}` }];
  }
  if (typeof format !== 'string') return [];
  try {
    expandJavaReplacement(format, emptyMatch(pattern));
    return [];
  } catch (e) {
    return [{ property: 'format', message: `${(e as Error).message} (regex "${String(regex ?? DEFAULT_REGEX)}")` }];
  }
}

/** A match of `pattern` with every group unmatched: an alternative that matches the empty string. */
function emptyMatch(pattern: RegExp): RegExpExecArray {
  return new RegExp(`${pattern.source}|`, pattern.flags).exec('')!;
}

const DEFAULT_REGEX = '^(.*)$';

export const extractorImpliedUriComponent = defineComponent({
  name: 'ExtractorImpliedURI',
  aliases: ['ExtractorImpliedUri', 'org.archive.modules.extractor.ExtractorImpliedURI'],
  description:
    'Derives "implied" URIs from the links earlier extractors found: each outlink matching `regex` (whole URI) gives ' +
    'the URI built by `format` from its groups, added as a speculative link (hop X, context `=SPECULATIVE_MISC`); ' +
    'with removeTriggerUris, the matching outlink itself is dropped. Place it after the other extractors. A built ' +
    'string that is not an absolute URI is skipped, as in Heritrix.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    regex: {
      type: 'string', default: DEFAULT_REGEX, overlayable: true,
      description: 'Trigger: a regular expression (Java syntax) an outlink must match as a whole; its groups are what `format` builds from.',
      examples: ['^https?://[^/]+/redirect\\?url=(https?://.*)$'],
    },
    format: {
      type: 'string', default: '', overlayable: true,
      description: 'The implied URI, Java replacement syntax: `$1`, `${name}` for the trigger\'s groups, `\\$` for a dollar sign. Empty (the ' +
        'default) builds nothing.',
      examples: ['$1'],
    },
    removeTriggerUris: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Drop each outlink that implied a URI, so only the implied one is followed.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
  },
  validate: validateRegexAndFormat,
  load: async (): Promise<ComponentClass> => ExtractorImpliedUri,
});

export type ExtractorImpliedUriConfig = ConfigOf<typeof extractorImpliedUriComponent>;

/**
 * Heritrix's ExtractorImpliedURI: works on outlinks, not content, so it runs for every URI
 * (Heritrix's shouldProcess is always true), read-to-the-end or not.
 */
export class ExtractorImpliedUri extends Processor<typeof extractorImpliedUriComponent> {
  readonly #patterns = new Map<string, RegExp>();

  protected override shouldProcess(curi: CrawlUri): boolean {
    return curi.outlinks.length > 0;
  }

  protected innerProcess(curi: CrawlUri, c: ExtractorImpliedUriConfig): ProcessResult {
    const trigger = this.#pattern(c.regex);
    const sink = new OutlinkSink(curi.outlinks);
    // Only the links there were before: an implied URI does not imply further ones.
    for (const link of [...curi.outlinks]) {
      const match = trigger.exec(link.uri);
      if (match === null) continue;
      const implied = expandJavaReplacement(c.format, match);
      if (!URL.canParse(implied)) continue;
      sink.add(implied, curi.uri, Hop.SPECULATIVE, LinkContext.SPECULATIVE_MISC);
      if (c.removeTriggerUris) curi.outlinks.splice(curi.outlinks.indexOf(link), 1);
    }
    return PROCEED;
  }

  #pattern(source: string): RegExp {
    let pattern = this.#patterns.get(source);
    if (pattern === undefined) {
      pattern = fullMatchRegex(source);
      this.#patterns.set(source, pattern);
    }
    return pattern;
  }
}
