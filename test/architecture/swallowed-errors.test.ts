import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../support/run-cli.js';

/**
 * An error swallowed says why: every `.catch(() => undefined)` (or `=> {}`, `=> false`, `=> null`),
 * every `.on('error', () => undefined)` and every empty `catch {}` in src outside tests has a comment on its line or on the line above
 * saying why nothing is lost there. Removals and probes of paths that may not be there use
 * `ignoreMissing` (util/ignore-missing.ts) instead, which swallows only "not there".
 */
const SRC = join(REPO_ROOT, 'src');
const SWALLOWERS = [
  /\.catch\(\s*\(\)\s*=>\s*(undefined|\{\s*\}|false|null|void 0)\s*\)/,
  /\.on\('error',\s*\(\)\s*=>\s*(undefined|\{\s*\})\s*\)/,
  /catch\s*(\(\s*\w*\s*\))?\s*\{\s*\}/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const commented = (line: string | undefined): boolean => line !== undefined && /(\/\/|\/\*|\*\/|^\s*\*)/.test(line);

describe('architecture: swallowed errors', () => {
  it('every error swallowed in src has a comment saying why nothing is lost', () => {
    const bare: string[] = [];
    for (const path of sourceFiles(SRC)) {
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const swallows = SWALLOWERS.some((re) => re.test(line));
        if (swallows && !commented(line) && !commented(lines[i - 1])) bare.push(`src/${relative(SRC, path)}:${i + 1}: ${line.trim()}`);
      });
    }
    const why = 'errors swallowed without a comment saying why nothing is lost (add one on the line or above, or use ignoreMissing)';
    expect(bare, `${why}:\n${bare.join('\n')}`).to.deep.equal([]);
  });
});
