import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { ReadSource } from '../../model/read-source.js';

export const configStringComponent = defineComponent({
  name: 'ConfigString',
  aliases: ['org.archive.spring.ConfigString'],
  description: 'Text given inline in the bean file (Heritrix\'s ConfigString), for example a short seed list.',
  kinds: ['ReadSource'],
  props: {
    value: { type: 'string', default: '', description: 'The text.' },
  },
  // Heritrix's ConfigString(String value).
  constructorArgs: ['value'],
  load: async (): Promise<ComponentClass> => ConfigString,
});

/** Inline text. */
export class ConfigString implements ReadSource {
  readonly description = 'inline text';

  constructor(readonly config: ConfigOf<typeof configStringComponent>) {}

  async readText(): Promise<string> {
    return this.config.value;
  }
}
