import { readFile } from 'node:fs/promises';
import { defineComponent, type ComponentClass, type BeanView, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { locateWithin, type SourceLocation } from '../../util/source-location.js';
import { parseSeedText } from './parse-seed-text.js';

export const textSeedModuleComponent = defineComponent({
  name: 'TextSeedModule',
  aliases: ['org.archive.modules.seeds.TextSeedModule'],
  description:
    'Seeds from text, one URL a line (`#` comments; `http://` added where a line has no scheme). Lines starting with ' +
    'another character (`+http://(org,example,`) are directives for scope rules that listen to seeds.',
  kinds: ['SeedModule'],
  props: {
    sourceTagSeeds: { type: 'boolean', default: false, description: 'Tag every URI with the seed it was reached from (crawl.log column 11).' },
    blockAwaitingSeedLines: {
      type: 'integer', default: -1, minimum: -1,
      description: 'Start crawling after this many seed lines are read; -1 reads them all first.',
    },
  },
  refs: {
    textSource: { kind: 'ReadSource', required: true, description: 'Where the seed text comes from: a ConfigString or a ConfigFile (seeds.txt).' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the seeds added during a run (redirect targets of seeds), so that a resumed run\'s scope still takes them in.' },
  },
  validate: validateSeeds,
  load: async (): Promise<ComponentClass> => (await import('./text-seed-module.js')).TextSeedModule,
});

/** Every seed line must be a crawlable URL; each bad one is reported at its own line. */
async function validateSeeds(bean: BeanView): Promise<ValidationIssue[]> {
  const source = bean.refs('textSource')[0];
  if (!source) return [];
  let text: string;
  let at: (offset: number) => SourceLocation;
  if (source.className === 'ConfigString') {
    text = String(source.config.value ?? '');
    const start = source.locationOf('value');
    at = (offset) => locateWithin(start, text, offset);
  } else if (source.className === 'ConfigFile') {
    const path = String(source.config.path);
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return []; // ConfigFile reports a file it cannot read
    }
    at = (offset) => locateWithin({ file: path, line: 1, column: 1 }, text, offset);
  } else return [];
  return parseSeedText(text).invalid.map((s) => ({ property: 'textSource', at: at(s.offset), message: `seed "${s.text}" ${s.reason}` }));
}
