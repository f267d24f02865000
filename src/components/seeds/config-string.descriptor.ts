import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const configStringComponent = defineComponent({
  name: 'ConfigString',
  aliases: ['org.archive.spring.ConfigString'],
  description: 'Text given inline in the bean file (Heritrix\'s ConfigString), for example a short seed list.',
  kinds: ['ReadSource'],
  props: {
    value: { type: 'string', default: '', description: 'The text.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./config-string.js')).ConfigString,
});
