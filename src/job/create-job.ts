import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { hintFor } from '../util/did-you-mean.js';
import { assertNewJobFolder } from './assert-new-job-folder.js';
import { escapeHtml } from '../util/escape-html.js';
import { packageRoot } from '../util/package-root.js';

export interface CreateOptions {
  readonly profile: string;
  /** Replace the profile's example seeds. */
  readonly seeds?: readonly string[];
  /** Set metadata.operatorContactUrl. */
  readonly contact?: string;
  /** Folders of the operator's own profiles (the service's "save as profile"), looked in before the package's. */
  readonly profileDirs?: readonly string[];
  /** An XML profile is written as crawler-beans.cxml, Heritrix's name (the service's Heritrix create), not crawler-beans.xml. */
  readonly cxml?: boolean;
  /**
   * More `bean.path=value` overrides, written after the profile's own (in an XML profile's
   * simpleOverrides, after a comment line saying why), for the beans the profile has.
   */
  readonly overrides?: { readonly why: string; readonly values: Readonly<Record<string, string>> };
}

const SEEDS_KEY = 'seeds.textSource.value';
const CONTACT_KEY = 'metadata.operatorContactUrl';

/**
 * `beancrawl create`: a new job folder holding the profile as crawler-beans.xml (.cxml if said, or .json), with
 * the seeds and contact URL written into its overrides. Refuses a folder that is not empty.
 */
export async function createJob(jobDir: string, options: CreateOptions): Promise<string> {
  await assertNewJobFolder(jobDir, 'choose a new job folder');
  const { path, format } = await findProfile(options.profile, options.profileDirs);
  let text = await readFile(path, 'utf8');
  text = format === 'xml' ? editXml(text, options) : editJson(text, options, schemaFrom(jobDir));
  await mkdir(jobDir, { recursive: true });
  const file = join(jobDir, `crawler-beans.${format === 'xml' && options.cxml ? 'cxml' : format}`);
  await writeFile(file, text);
  return file;
}

/** Profile names: the files of the package's profiles/ folder (and of `profileDirs`) without their extension. */
export async function profileNames(profileDirs: readonly string[] = []): Promise<string[]> {
  const files = (await Promise.all([...profileDirs, join(packageRoot(), 'profiles')].map((d) => readdir(d).catch(() => [] as string[])))).flat();
  return [...new Set(files.filter((f) => /\.(xml|json)$/.test(f)).map((f) => f.replace(/\.(xml|json)$/, '')))].sort();
}

async function findProfile(name: string, profileDirs: readonly string[] = []): Promise<{ path: string; format: 'xml' | 'json' }> {
  const bare = name.replace(/\.(xml|json)$/, '');
  const formats = name.endsWith('.json') ? ['json'] as const : name.endsWith('.xml') ? ['xml'] as const : ['xml', 'json'] as const;
  for (const dir of [...profileDirs, join(packageRoot(), 'profiles')]) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const format of formats) if (files.includes(`${bare}.${format}`)) return { path: join(dir, `${bare}.${format}`), format };
  }
  const names = await profileNames(profileDirs);
  throw new BeancrawlError([{
    code: 'BC_PROFILE_UNKNOWN', message: `no profile "${name}"; the profiles are ${names.join(', ')}`, hints: hintFor(bare, names),
  }]);
}

function editXml(text: string, o: CreateOptions): string {
  if (o.seeds?.length) {
    const prop = new RegExp(`(<prop key="${SEEDS_KEY.replace(/\./g, '\\.')}">)[\\s\\S]*?(</prop>)`);
    text = text.replace(prop, (_, open: string, close: string) => `${open}\n${o.seeds!.map((s) => escapeHtml(s)).join('\n')}\n    ${close}`);
  }
  if (o.contact) text = text.replace(new RegExp(`^${CONTACT_KEY.replace(/\./g, '\\.')}=.*$`, 'm'), `${CONTACT_KEY}=${escapeHtml(o.contact)}`);
  if (o.overrides) {
    const lines = Object.entries(o.overrides.values).filter(([key]) => text.includes(`id="${key.split('.')[0]}"`)).map(([key, value]) => `${key}=${escapeHtml(value)}`);
    // After the last line of simpleOverrides' value.
    const block = /(<bean id="simpleOverrides"[\s\S]*?<value>[\s\S]*?)(\n[ \t]*<\/value>)/;
    if (lines.length) text = text.replace(block, (_, before: string, end: string) => `${before}\n# ${escapeHtml(o.overrides!.why)}\n${lines.join('\n')}${end}`);
  }
  return text;
}

/** The package's bean-file schema as the job's `"$schema"`: relative to the job folder, so that editors find it. */
function schemaFrom(jobDir: string): string {
  const path = relative(resolve(jobDir), join(packageRoot(), 'docs', 'reference', 'bean-file.schema.json'));
  return sep === '/' ? path : path.split(sep).join('/');
}

function editJson(text: string, o: CreateOptions, schema: string): string {
  const file = JSON.parse(text);
  const overrides = file.beans?.simpleOverrides?.properties?.properties;
  if (overrides && o.seeds?.length) overrides[SEEDS_KEY] = `${o.seeds.join('\n')}\n`;
  if (overrides && o.contact) overrides[CONTACT_KEY] = o.contact;
  for (const [key, value] of Object.entries(o.overrides?.values ?? {})) if (overrides && file.beans?.[key.split('.')[0]]) overrides[key] = value;
  // "$schema" stays first; the profile's is relative to profiles/, the job's to the job folder.
  const { $schema: _profileSchema, ...rest } = file;
  return `${JSON.stringify({ $schema: schema, ...rest }, null, 2)}\n`;
}
