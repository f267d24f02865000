import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, REPO_ROOT } from '../support/run-cli.js';

/** The shell blocks a guide marks as runnable offline: a ```sh fence right after `<!-- run -->`. */
function runnableBlocks(markdown: string): { line: number; script: string }[] {
  return [...markdown.matchAll(/^<!-- run -->\n```sh\n([\s\S]*?)^```$/gm)].map((m) => ({ line: markdown.slice(0, m.index).split('\n').length + 2, script: m[1] }));
}

function run(script: string, cwd: string, path: string, timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env: { ...process.env, PATH: path }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

const GUIDES = join(REPO_ROOT, 'docs', 'guide');

describe('the guides\' shell examples that run offline', function () {
  this.timeout(180_000);
  let dir: string;
  let path: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'beancrawl-doc-examples-'));
    mkdirSync(join(dir, 'bin'));
    const shim = join(dir, 'bin', 'beancrawl');
    writeFileSync(shim, `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
    chmodSync(shim, 0o755);
    path = `${join(dir, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`;
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('marks some', () => {
    const marked = readdirSync(GUIDES).filter((f) => f.endsWith('.md')).flatMap((f) => runnableBlocks(readFileSync(join(GUIDES, f), 'utf8')));
    expect(marked.length, 'blocks marked <!-- run --> under docs/guide').to.be.at.least(3);
  });

  for (const file of readdirSync(GUIDES).filter((f) => f.endsWith('.md')).sort()) {
    for (const { line, script } of runnableBlocks(readFileSync(join(GUIDES, file), 'utf8'))) {
      it(`docs/guide/${file}:${line} exits 0`, async () => {
        const cwd = mkdtempSync(join(dir, 'run-'));
        const r = await run(script, cwd, path, 150_000);
        expect(r.code, `docs/guide/${file}:${line}, run in ${cwd}:\n${script}\n--- its output:\n${r.out}`).to.equal(0);
      });
    }
  }
});
