/**
 * Installs the peer crawlers of the side-by-side benchmark (package.json beside this file) into
 * test/bench/peers/node_modules, once: it does nothing when @crawlee/cheerio is already there.
 * Run by `npm run bench` (and by side-by-side.bench.js when the folder is missing), never by
 * `npm ci` at the repository root, which does not look into this folder.
 * Usage: node test/bench/peers/install.mjs [--force]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const marker = join(HERE, 'node_modules', '@crawlee', 'cheerio', 'package.json');

if (existsSync(marker) && !process.argv.includes('--force')) {
  process.stdout.write('bench peers: already installed in test/bench/peers/node_modules\n');
} else {
  process.stdout.write('bench peers: npm install in test/bench/peers (Crawlee for the side-by-side benchmark)…\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: HERE, stdio: 'inherit', timeout: 300_000 });
  if (r.status !== 0 || !existsSync(marker)) {
    process.stderr.write(`bench peers: npm install failed (${r.error?.message ?? `exit ${r.status}`}); the side-by-side benchmark will skip Crawlee\n`);
  }
}
