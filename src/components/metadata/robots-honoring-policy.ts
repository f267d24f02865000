import { defineComponent, type BeanView, type ValidationIssue } from '../../beans/registry/component-descriptor.js';

/** What each of Heritrix 3.0's types is called since 3.1 (CrawlMetadata.robotsPolicyName). */
const SUCCESSOR: Readonly<Record<string, string>> = {
  IGNORE: 'set metadata.robotsPolicyName=ignore instead',
  CUSTOM: 'beancrawl has no custom robots.txt policy; obey (the default) or ignore',
  MOST_FAVORED: 'beancrawl has no most-favoured policy; obey (the default) or ignore',
  MOST_FAVORED_SET: 'beancrawl has no most-favoured policy; obey (the default) or ignore',
};

/**
 * Heritrix 3.0's robots bean, replaced in 3.1 by CrawlMetadata.robotsPolicyName. Its CLASSIC
 * type is what beancrawl does by default (obey), so a 3.0 file that declares it as it comes
 * verifies; any other type is refused, naming what to write instead, rather than crawling
 * under a policy other than the one the file asks for.
 */
function validateRobotsHonoringPolicy(bean: BeanView): ValidationIssue[] {
  const type = String(bean.config.type);
  if (type === 'CLASSIC') return [];
  return [{ property: 'type', message: `${type} is Heritrix 3.0's robots policy and is not supported here`, hints: [SUCCESSOR[type]] }];
}

export const robotsHonoringPolicyComponent = defineComponent({
  name: 'RobotsHonoringPolicy',
  aliases: ['org.archive.modules.net.RobotsHonoringPolicy'],
  description:
    'Heritrix 3.0\'s robots.txt policy bean, replaced since Heritrix 3.1 by CrawlMetadata\'s `robotsPolicyName`. Accepted ' +
    'with its CLASSIC type (obey robots.txt and meta robots: beancrawl\'s default), so that 3.0 files load; the other ' +
    'types are refused at verify, with what to write instead.',
  kinds: ['RobotsHonoringPolicy'],
  props: {
    type: { type: 'string', enum: ['CLASSIC', 'IGNORE', 'CUSTOM', 'MOST_FAVORED', 'MOST_FAVORED_SET'], default: 'CLASSIC', description: 'CLASSIC ' +
      'obeys robots.txt (the only type accepted: see robotsPolicyName).' },
    masquerade: { type: 'boolean', default: false, description: 'Heritrix 3.0: send the most-favoured User-Agent.', ignored: 'it applied to the ' +
      'most-favoured types, which beancrawl does not have' },
    customRobots: { type: 'string', default: '', description: 'Heritrix 3.0: the robots.txt text of the CUSTOM type.', ignored: 'it applied to the ' +
      'CUSTOM type, which beancrawl does not have' },
    userAgents: { type: 'array', items: { type: 'string' }, default: [], description: 'Heritrix 3.0: the User-Agents of the MOST_FAVORED_SET ' +
      'type.', ignored: 'it applied to the most-favoured types, which beancrawl does not have' },
  },
  validate: validateRobotsHonoringPolicy,
});
