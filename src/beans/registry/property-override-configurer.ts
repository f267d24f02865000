import { OVERRIDE_CONFIGURER_CLASSES } from '../definitions/override-entry.js';
import { defineComponent } from './component-descriptor.js';

/**
 * Spring's PropertyOverrideConfigurer, as Heritrix profiles use it (`simpleOverrides`,
 * `longerOverrides`). It is read while the definitions load and never built.
 */
export const propertyOverrideConfigurer = defineComponent({
  name: OVERRIDE_CONFIGURER_CLASSES[0],
  aliases: OVERRIDE_CONFIGURER_CLASSES.slice(1),
  description:
    'Overrides property values of other beans after the file is read: `beanId.path.to.property=value` lines ' +
    '(Java properties text) or a `<props>`/`<map>` of paths to values. Applied in file order, before `--set`.',
  kinds: ['BeanFactoryPostProcessor'],
  props: {
    properties: {
      description: 'The overrides: Java properties text, or a map of property path to value.',
      type: ['string', 'object'],
      required: true,
    },
    ignoreInvalidKeys: {
      description: 'Skip override paths that name no bean or property instead of reporting them.',
      type: 'boolean',
      default: false,
    },
  },
});
