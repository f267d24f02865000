/**
 * The build's last step: runs `beancrawl demo` (a crawl of the built-in loopback site: create,
 * verify, launch, reports) through bin/beancrawl.js without a code cache, so that the cache it
 * writes as it exits (dist/beancrawl.cjs.cache) holds the functions that verify and a launch
 * compile, and the first command after an install starts as fast as the next.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../util/package-root.js';

const root = packageRoot();
const cache = join(root, 'dist', 'beancrawl.cjs.cache');
const work = mkdtempSync(join(tmpdir(), 'beancrawl-code-cache-'));
try {
  rmSync(cache, { force: true });
  const r = spawnSync(process.execPath, [join(root, 'bin', 'beancrawl.js'), 'demo', '--job', join(work, 'demo')], { encoding: 'utf8', cwd: work });
  if (r.status !== 0) {
    process.stderr.write(`beancrawl demo, run to make the code cache, failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
