import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above this file whose package.json is named "beancrawl". */
function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'beancrawl') return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('no package.json named "beancrawl" above ' + fileURLToPath(import.meta.url));
    dir = up;
  }
}

const CHECK = `
import { surt, impliedSurtPrefix, normalizeUrl, parseRobotsTxt } from 'beancrawl';
console.log(JSON.stringify({
  types: [surt, impliedSurtPrefix, normalizeUrl, parseRobotsTxt].map((f) => typeof f),
  surt: surt('http://www.archive.org/'),
}));
`;

describe("the package entry ('beancrawl')", () => {
  it('lets another project import surt, impliedSurtPrefix, normalizeUrl and parseRobotsTxt', () => {
    const root = repositoryRoot();
    const entry = join(root, 'dist', 'src', 'index.js');
    if (!existsSync(entry)) {
      throw new Error(`${entry} is missing: the package entry is built by \`npm run build\` (npm test builds first)`);
    }
    const project = mkdtempSync(join(tmpdir(), 'beancrawl-entry-'));
    try {
      mkdirSync(join(project, 'node_modules'));
      symlinkSync(root, join(project, 'node_modules', 'beancrawl'), 'dir');
      writeFileSync(join(project, 'check.mjs'), CHECK);
      const run = spawnSync(process.execPath, ['check.mjs'], { cwd: project, encoding: 'utf8' });
      expect(run.status, run.stderr).to.equal(0);
      expect(JSON.parse(run.stdout)).to.deep.equal({
        types: ['function', 'function', 'function', 'function'],
        surt: 'http://(org,archive,www,)/',
      });
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
