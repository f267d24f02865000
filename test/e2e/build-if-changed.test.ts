import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

/** A package like beancrawl's, whose build counts its runs in builds.txt, fails while src/fail exists, and stamps dist/ as its last step. */
const BUILD = `const fs = require('node:fs');
if (fs.existsSync('src/fail')) process.exit(3);
fs.appendFileSync('builds.txt', 'built\\n');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/beancrawl.cjs', '');
require('node:child_process').execFileSync(process.execPath, ['scripts/build-if-changed.mjs', '--stamp']);
`;

function prepare(dir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dir, 'scripts', 'build-if-changed.mjs')], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('npm\'s prepare (scripts/build-if-changed.mjs)', function () {
  this.timeout(60000);

  it('is what package.json runs as prepare', async () => {
    const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.prepare).to.equal('node scripts/build-if-changed.mjs');
    // The build's last step stamps dist/, however it is run (npm test's pretest cleans and builds too).
    expect(pkg.scripts.build).to.match(/ && node scripts\/build-if-changed\.mjs --stamp$/);
  });

  it('builds when dist/ is missing or its sources changed, says so on stderr, and otherwise starts nothing (npx in a clone runs prepare)', async () => {
    const work = await tempDir({
      'package.json': JSON.stringify({ name: 'pkg', version: '1.0.0', private: true, scripts: { build: 'node build.cjs' } }),
      'build.cjs': BUILD,
      'src/a.ts': 'export const a = 1;\n',
    });
    const builds = async () => (await readFile(join(work.dir, 'builds.txt'), 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
    try {
      await mkdir(join(work.dir, 'scripts'));
      await copyFile(join(REPO_ROOT, 'scripts', 'build-if-changed.mjs'), join(work.dir, 'scripts', 'build-if-changed.mjs'));

      const first = await prepare(work.dir);
      expect(first.code, first.stderr).to.equal(0);
      expect(first.stderr).to.match(/^beancrawl: building dist\/ /);
      expect(await builds()).to.equal(1);

      // Built from these sources: nothing to do, and it says so; new times on the files (a checkout, a copy) change nothing.
      const again = await prepare(work.dir);
      expect(again).to.deep.equal({ code: 0, stderr: 'beancrawl: dist/ is built from these sources (dist/.build-inputs); not built again\n' });
      const later = new Date(Date.now() + 60_000);
      await utimes(join(work.dir, 'src', 'a.ts'), later, later);
      expect((await prepare(work.dir)).stderr).to.contain('not built again');
      expect(await builds()).to.equal(1);

      // A source changed, or dist/ gone: built again.
      await writeFile(join(work.dir, 'src', 'a.ts'), 'export const a = 2;\n');
      expect((await prepare(work.dir)).stderr).to.match(/^beancrawl: building dist\//);
      expect(await builds()).to.equal(2);
      await rm(join(work.dir, 'dist', 'beancrawl.cjs'));
      expect((await prepare(work.dir)).code).to.equal(0);
      expect(await builds()).to.equal(3);

      // A failed build fails prepare, and what it left in dist/ is not taken for built, even from the sources of the last good build.
      await writeFile(join(work.dir, 'src', 'fail'), '');
      expect((await prepare(work.dir)).code).to.equal(3);
      await rm(join(work.dir, 'src', 'fail'));
      expect((await prepare(work.dir)).stderr).to.match(/^beancrawl: building dist\//);
      expect(await builds()).to.equal(4);
    } finally {
      await work.cleanup();
    }
  });
});
