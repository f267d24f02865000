// npm's `prepare`: builds dist/ unless it was built from these very sources. `npm install` runs
// `prepare`; so does the first `npx beancrawl` in a clone, which links the clone into npx's cache
// as a package and prepares it like any folder dependency, silently. Before, that rebuilt
// everything (15–40 s, with no output) although `npm install` had just built it. Whether dist/ is
// current is told by the content of the build's inputs, not by times: a checkout or a copy sets
// every file's mtime, and an edit a build has not seen yet changes the digest.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads: sources and tests (compiled into dist/), its configuration and the locked dependencies. */
const INPUTS = ['src', 'test', 'scripts/bundle.mjs', 'tsconfig.json', 'package.json', 'package-lock.json'];
/** Written as a build's last step (`--stamp`): the digest of the inputs it was built from. */
const STAMP = join('dist', '.build-inputs');
/** What a built package runs (bin/beancrawl.js). */
const BUILT = join('dist', 'beancrawl.cjs');

const root = fileURLToPath(new URL('..', import.meta.url));
const digest = inputsDigest(root);
const stamp = join(root, STAMP);
if (process.argv[2] === '--stamp') {
  // The build's last step (npm run build, however it is run: npm test's pretest too): dist/ is these sources'.
  writeFileSync(stamp, `${digest}\n`);
} else if (existsSync(join(root, BUILT)) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest) {
  process.stderr.write(`beancrawl: dist/ is built from these sources (${STAMP}); not built again\n`);
} else {
  process.stderr.write('beancrawl: building dist/ (tsc, then the bundle: 15–40 s)…\n');
  // A build that fails or is cut short may have written part of dist/: no stamp vouches for it.
  rmSync(stamp, { force: true });
  // npm gives its own path to the scripts it runs; outside npm, npm from the PATH.
  const npm = process.env.npm_execpath;
  const built = npm
    ? spawnSync(process.execPath, [npm, 'run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  process.stderr.write('beancrawl: built\n');
}

/** SHA-256 over each input file's path and content, in path order; a missing input counts as absent. */
function inputsDigest(dir) {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((input) => filesUnder(join(dir, input))).map((f) => relative(dir, f).split('\\').join('/')).sort();
  for (const file of files) {
    const content = readFileSync(join(dir, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

function filesUnder(path) {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (e) {
    if (e.code === 'ENOTDIR') return [path];
    if (e.code === 'ENOENT') return [];
    throw e;
  }
  return entries.flatMap((e) => (e.isDirectory() ? filesUnder(join(path, e.name)) : e.isFile() ? [join(path, e.name)] : []));
}
