import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The installed package's root folder (which holds config/, profiles/, sheets/): the nearest
 * folder above this module with a package.json. Works from src/ and dist/ and any cwd.
 */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('beancrawl: cannot find the package root');
    dir = up;
  }
  return (cached = dir);
}
