import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { ReadSource } from '../../model/read-source.js';
import type { configStringComponent } from './config-string.descriptor.js';

/** Inline text. */
export class ConfigString implements ReadSource {
  readonly description = 'inline text';

  constructor(readonly config: ConfigOf<typeof configStringComponent>) {}

  async readText(): Promise<string> {
    return this.config.value;
  }
}
