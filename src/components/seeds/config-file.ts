import { readFile } from 'node:fs/promises';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { ReadSource } from '../../model/read-source.js';
import type { configFileComponent } from './config-file.descriptor.js';

/** Text from a file, read when asked (never in the constructor). */
export class ConfigFile implements ReadSource {
  constructor(readonly config: ConfigOf<typeof configFileComponent>) {}

  get description(): string {
    return this.config.path;
  }

  readText(): Promise<string> {
    return readFile(this.config.path, 'utf8');
  }
}
