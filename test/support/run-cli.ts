import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (test files run from dist/test/...). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const BIN = join(REPO_ROOT, 'bin', 'beancrawl.js');

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Spawns the real `beancrawl` binary (or `bin`, another copy of it); kills it after `timeoutMs` so that a hang fails the test. */
export function runCli(args: readonly string[], options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv; bin?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? BIN, ...args], { cwd: options.cwd ?? REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`beancrawl ${args.join(' ')} did not finish within ${options.timeoutMs ?? 15000} ms`));
    }, options.timeoutMs ?? 15000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
