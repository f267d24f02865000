import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { packageRoot } from '../util/package-root.js';

/** The package's files a bean file may import with `classpath:` (its profiles and sheets), as `profiles/default.xml`. */
export async function classpathResources(): Promise<string[]> {
  const out: string[] = [];
  for (const folder of ['profiles', 'sheets']) {
    const names = await readdir(join(packageRoot(), folder)).catch(() => [] as string[]);
    for (const name of names.sort()) if (/\.(xml|json)$/.test(name)) out.push(`${folder}/${name}`);
  }
  return out;
}
