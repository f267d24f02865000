/**
 * The build's last step: makes V8's code caches that bin/beancrawl.js starts the bundle from, so
 * that the first command after an install starts as fast as the next. Each of `create`, `verify`
 * and `launch` runs once through bin/beancrawl.js, on a job of the built-in loopback site
 * (site-mirror, politeness off), and writes its own cache as it exits
 * (dist/beancrawl.cjs.<command>.cache): the functions that command compiled, and no others, since
 * V8 deserialises a whole cache before the command's first line. The launch's cache is also the
 * one other commands start from until they have their own (dist/beancrawl.cjs.cache).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoSite } from '../job/demo-site.js';
import { packageRoot } from '../util/package-root.js';

const root = packageRoot();
const dist = join(root, 'dist');
const bin = join(root, 'bin', 'beancrawl.js');
const work = mkdtempSync(join(tmpdir(), 'beancrawl-code-cache-'));
const site = await startDemoSite();
try {
  for (const name of readdirSync(dist)) if (/^beancrawl\.cjs\..*cache$/.test(name)) rmSync(join(dist, name), { force: true });
  const job = join(work, 'job');
  const commands = [
    ['create', job, '--profile', 'site-mirror', '--seed', `${site.main}/`, '--contact', `${site.main}/contact.html`],
    ['verify', job],
    ['launch', job, '--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'],
  ];
  for (const args of commands) {
    // Asynchronous: the site answers from this process while the command runs.
    const r = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [bin, ...args], { cwd: work });
      let output = '';
      child.stdout.on('data', (d: Buffer) => { output += d; });
      child.stderr.on('data', (d: Buffer) => { output += d; });
      child.on('close', (status) => resolve({ status, output }));
    });
    if (r.status !== 0) {
      process.stderr.write(`beancrawl ${args[0]}, run to make its code cache, failed (exit ${r.status}):\n${r.output}`);
      process.exitCode = 1;
      break;
    }
  }
  if (!process.exitCode) copyFileSync(join(dist, 'beancrawl.cjs.launch.cache'), join(dist, 'beancrawl.cjs.cache'));
} finally {
  await site.close();
  rmSync(work, { recursive: true, force: true });
}
