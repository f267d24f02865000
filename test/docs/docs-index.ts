import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../support/run-cli.js';

/** docs/README.md, the index that says where each kind of thing is documented. */
export const DOCS_INDEX = join(REPO_ROOT, 'docs', 'README.md');

/**
 * The page docs/README.md's table names for a kind of thing (`command`, `profile`, `API route`…),
 * as a path from the repository root, and its text: the doc tests read what the index says, so
 * that moving a page is changing one row there.
 */
export async function documentedIn(kind: string): Promise<{ path: string; text: string }> {
  const index = await readFile(DOCS_INDEX, 'utf8');
  const row = new RegExp(`^\\| ${kind.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| \\[[^\\]]*\\]\\(([^)#]+)\\)`, 'm').exec(index);
  if (!row) throw new Error(`docs/README.md has no row "| ${kind} | [page](path) |" in its table of where each kind of thing is documented`);
  const path = relative(REPO_ROOT, resolve(join(REPO_ROOT, 'docs'), row[1]));
  return { path, text: await readFile(join(REPO_ROOT, path), 'utf8') };
}
