import { access, constants, readFile } from 'node:fs/promises';
import { defineComponent, type ComponentClass, type BeanView, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { ReadSource } from '../../model/read-source.js';

async function validateConfigFile(bean: BeanView): Promise<ValidationIssue[]> {
  const path = String(bean.config.path);
  if (path.includes('${')) return [];
  try {
    await access(path, constants.R_OK);
    return [];
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return [{ property: 'path', message: `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code}` }];
  }
}

export const configFileComponent = defineComponent({
  name: 'ConfigFile',
  aliases: ['org.archive.spring.ConfigFile'],
  description: 'Text read from a file (Heritrix\'s ConfigFile); a relative path resolves against the job folder.',
  kinds: ['ReadSource'],
  props: {
    path: { type: 'string', required: true, path: true, minLength: 1, description: 'The file, relative to the job folder or absolute.' },
    name: {
      type: 'string', default: '', ignored: 'it is the label Heritrix\'s web console shows for the file; beancrawl names a file by its path',
      description: 'Heritrix\'s label for the file. Accepted, not used.',
    },
  },
  // Heritrix's ConfigFile(String name, String path).
  constructorArgs: ['name', 'path'],
  validate: validateConfigFile,
  load: async (): Promise<ComponentClass> => ConfigFile,
});

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
