import { access, constants } from 'node:fs/promises';
import { defineComponent, type ComponentClass, type BeanView, type ValidationIssue } from '../../beans/registry/component-descriptor.js';

export const configFileComponent = defineComponent({
  name: 'ConfigFile',
  aliases: ['org.archive.spring.ConfigFile'],
  description: 'Text read from a file (Heritrix\'s ConfigFile); a relative path resolves against the job folder.',
  kinds: ['ReadSource'],
  props: {
    path: { type: 'string', required: true, path: true, minLength: 1, description: 'The file, relative to the job folder or absolute.' },
  },
  validate: validateConfigFile,
  load: async (): Promise<ComponentClass> => (await import('./config-file.js')).ConfigFile,
});

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
