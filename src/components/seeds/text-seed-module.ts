import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { liesWithin } from '../../util/confinement.js';
import { defineComponent, type ComponentClass, type BeanView, type ValidateContext, type ValidationIssue, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { locateWithin, type SourceLocation } from '../../util/source-location.js';
import { parseSeedText } from './parse-seed-text.js';
import { surtPrefixWidening } from '../../util/url/surt-prefix-widening.js';
import type { SeedList, SeedModule } from '../../model/seed-module.js';
import type { StateSublevel } from '../../model/state-store.js';

/** The seed Heritrix's profiles (and beancrawl's) carry until the operator gives theirs. */
export const PLACEHOLDER_SEED = 'http://example.example/example';

/**
 * Every seed line must be a crawlable URL, each bad one reported at its own line; a folder path
 * or a file: seed needs a job that fetches files (FetchFile), and an http(s) seed one that
 * fetches over HTTP; the profiles' placeholder seed is a warning that `launch` refuses.
 */
async function validateSeeds(bean: BeanView, ctx: ValidateContext): Promise<ValidationIssue[]> {
  const source = bean.refs('textSource')[0];
  if (!source) return [];
  let text: string;
  let at: (offset: number) => SourceLocation;
  let edit: string;
  if (source.className === 'ConfigString') {
    text = String(source.config.value ?? '');
    const start = source.locationOf('value');
    at = (offset) => locateWithin(start, text, offset);
    edit = `replace this line with your seeds (the override ${bean.id}.textSource.value, which \`beancrawl create --seed URL\` writes)`;
  } else if (source.className === 'ConfigFile') {
    const path = String(source.config.path);
    try {
      text = await readFile(path, 'utf8');
    } catch {
      return []; // ConfigFile reports a file it cannot read
    }
    at = (offset) => locateWithin({ file: path, line: 1, column: 1 }, text, offset);
    edit = `replace this line of ${path} with your seeds`;
  } else return [];
  const components = ctx.components;
  const fetchesFiles = components?.has('FetchFile') ?? true;
  const fetchesWeb = components?.has('FetchHttp') ?? true;
  const fetchesMail = components?.has('FetchImap') ?? true;
  const knowsFetchers = components !== undefined && (components.has('FetchFile') || components.has('FetchHttp') || components.has('FetchImap'));
  const { seeds, invalid, directives } = parseSeedText(text);
  const issues: ValidationIssue[] = invalid.map((s) => {
    if (s.folder && knowsFetchers && !fetchesFiles) {
      return { property: 'textSource', at: at(s.offset), message: `seed "${s.text}" is a folder path: this job fetches over HTTP only; crawl a ` +
        `folder with a job made from the file-system profile (beancrawl create JOB --profile file-system --seed ${s.folder})` };
    }
    return { property: 'textSource', at: at(s.offset), message: `seed "${s.text}" ${s.reason}` };
  });
  // Only `+` and `-` lines mean something to the scope rules that listen; any other is read by none.
  for (const d of directives) {
    if (d.text.startsWith('+') || d.text.startsWith('-')) {
      // A directive's URL widens to its folder as a sheet's prefix does.
      const widening = surtPrefixWidening(d.text.slice(1));
      if (widening !== undefined) issues.push({ property: 'textSource', at: at(lineOffset(text, d.line)), code: 'BC_SURT_PREFIX_WIDENED', severity: 'warning', message: `directive ${widening}` });
      continue;
    }
    issues.push({
      property: 'textSource', at: at(lineOffset(text, d.line)), code: 'BC_SEED_IGNORED', severity: 'warning',
      message: `line "${d.text}" is neither a seed (a URL, or a host, starting with a letter or digit) nor a directive for scope rules (+ or -): it is ignored`,
    });
  }
  for (const seed of seeds) {
    const offset = lineOffset(text, seed.line);
    if (ctx.fileRoots !== undefined && seed.url.startsWith('file:') && !(await fileWithin(seed.url, ctx.fileRoots))) {
      issues.push({ property: 'textSource', at: at(offset), code: 'BC_CONFINED', message: `seed "${seed.url}" lies outside the folders this ` +
        `service lets jobs read (${ctx.fileRoots.length ? ctx.fileRoots.join(', ') : 'none'}): the operator names them with --allow-file-root` });
    } else if (knowsFetchers && seed.url.startsWith('file:') && !fetchesFiles) {
      issues.push({ property: 'textSource', at: at(offset), message: `seed "${seed.url}" is a file: URL, which this job cannot fetch (no FetchFile ` +
        `in its fetch chain): crawl folders with a job made from the file-system profile (beancrawl create JOB --profile file-system --seed ${seed.url})` });
    } else if (knowsFetchers && /^imaps?:/.test(seed.url) && !fetchesMail) {
      issues.push({ property: 'textSource', at: at(offset), message: `seed "${seed.url}" is a mailbox (imap:) URL, which this job cannot fetch (no ` +
        `FetchImap in its fetch chain): crawl mailboxes with a job made from the mailbox profile (beancrawl create JOB --profile mailbox --seed ` +
        `${seed.url})` });
    } else if (knowsFetchers && /^https?:/.test(seed.url) && !fetchesWeb) {
      issues.push({ property: 'textSource', at: at(offset), message: `seed "${seed.url}" is a web URL, which this job cannot fetch (no FetchHttp ` +
        `in its fetch chain): crawl web sites with a job made from a web profile (default, site-mirror, broad)` });
    } else if (seed.url === PLACEHOLDER_SEED) {
      issues.push({
        property: 'textSource', at: at(offset), code: 'BC_SEED_PLACEHOLDER', severity: 'warning', blocksLaunch: true,
        message: `seed "${seed.url}" is the profile's placeholder: ${edit}; launch refuses to start with it`,
      });
    }
  }
  return issues;
}

/** Whether a `file:` URL names a path within the roots (one naming another machine, or none, is not). */
async function fileWithin(url: string, roots: readonly string[]): Promise<boolean> {
  let path: string;
  try {
    path = fileURLToPath(url);
  } catch {
    return false; // a file: URL for another machine, or malformed: nothing it names is within
  }
  return liesWithin(path, roots);
}

/** The offset of the first non-blank character of a line (1-based) in text. */
function lineOffset(text: string, line: number): number {
  const lines = text.split(/(?<=\r\n|\r(?!\n)|\n)/);
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length;
  const raw = lines[line - 1] ?? '';
  return offset + (raw.length - raw.trimStart().length);
}

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
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the seeds added during a run (redirect targets of seeds), so that a ' +
      'resumed run\'s scope still takes them in.' },
  },
  validate: validateSeeds,
  load: async (): Promise<ComponentClass> => TextSeedModule,
});

/** The state-store sublevel of the seeds added during a run (one key a URL). */
const ADDED_SUBLEVEL = 'seeds-added';

/**
 * Seeds read from its text source when the crawl first asks for them. Seeds added during the
 * crawl (a seed's redirect target) are kept in the state store, so that what they brought into
 * scope is still in scope when the run resumes after a crash or Ctrl-C.
 */
export class TextSeedModule implements SeedModule {
  #list?: Promise<SeedList>;
  readonly #listeners: Array<(url: string) => void> = [];
  readonly #added = new Set<string>();
  #store?: StateSublevel;

  constructor(readonly config: ConfigOf<typeof textSeedModuleComponent>) {}

  async start(): Promise<void> {
    if (this.#store || !this.config.stateStore) return;
    this.#store = this.config.stateStore.sublevel(ADDED_SUBLEVEL);
    for (const [url] of await this.#store.range('', '\uffff')) this.#added.add(url);
  }

  loadSeeds(): Promise<SeedList> {
    return (this.#list ??= this.config.textSource.readText().then((text) => {
      const { seeds, directives } = parseSeedText(text);
      return { seeds: this.config.sourceTagSeeds ? seeds.map((s) => ({ ...s, sourceTag: s.url })) : seeds, directives };
    }));
  }

  addSeed(url: string): void {
    if (this.#added.has(url)) return;
    this.#added.add(url);
    this.#store?.put(url, '1');
    for (const listener of this.#listeners) listener(url);
  }

  onSeedAdded(listener: (url: string) => void): void {
    this.#listeners.push(listener);
    for (const url of this.#added) listener(url);
  }
}
