import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { needsCapping, priorityCappedLauncher } from './priority-capped-launcher.js';
import { groupOf } from './lower-browser-group.js';

/** Runs `path` as playwright-core runs a browser (`detached`: a session, so a scheduling group, of its own, or not); its stdout. */
function runLauncher(path: string, detached: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, [], { detached, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`the launcher exited ${code}: ${err}`))));
  });
}

describe('priorityCappedLauncher', () => {
  it('caps the browser only where it could raise its priority (CAP_SYS_NICE) and setpriv can drop that (CAP_SETPCAP)', () => {
    expect(needsCapping(0x1fffeffffffn), 'root: every capability').to.equal(true);
    // Docker's default set: CHOWN, DAC_OVERRIDE, FOWNER, FSETID, KILL, SETGID, SETUID, SETPCAP, NET_BIND_SERVICE, NET_RAW,
    // SYS_CHROOT, MKNOD, AUDIT_WRITE, SETFCAP.
    expect(needsCapping(0xa80425fbn), 'a container without CAP_SYS_NICE').to.equal(false);
    expect(needsCapping(1n << 23n), 'CAP_SYS_NICE without CAP_SETPCAP').to.equal(false);
    expect(needsCapping(0n), 'a user').to.equal(false);
  });

  it('puts the session the browser starts in below the crawl\'s scheduling group before the browser starts, never the crawl\'s own group', async function () {
    const own = await groupOf('self');
    // A kernel without autogroups (or with them off), another system: there is no group to lower.
    if (own === undefined) this.skip();
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-launcher-test-'));
    let launcherDir: string | undefined;
    try {
      // The "browser": says which group it started in, and that group's nice value.
      const program = join(dir, 'browser');
      await writeFile(program, '#!/bin/sh\ncat /proc/self/autogroup\n');
      await chmod(program, 0o755);
      const launcher = await priorityCappedLauncher(program, false, 5);
      launcherDir = launcher.dir;
      expect(launcher.path, 'a launcher, not the program itself').to.not.equal(program);
      const started = /^(\S+)\s+nice\s+(-?\d+)/.exec(await runLauncher(launcher.path, true));
      expect(started, 'the program read its group').to.not.equal(null);
      expect(started![1], 'a group of its own').to.not.equal(own!.name);
      expect(Number(started![2]), `the browser's group, the crawl's being at ${own!.nice}`).to.equal(Math.min(19, own!.nice + 5));
      // Started in the crawl's own session, the launcher leaves the group (the crawl's) as it is.
      const shared = /^(\S+)\s+nice\s+(-?\d+)/.exec(await runLauncher(launcher.path, false));
      expect(shared![1]).to.equal(own!.name);
      expect(await groupOf('self'), 'the crawl\'s own group').to.deep.equal(own);
    } finally {
      await rm(dir, { recursive: true, force: true });
      if (launcherDir) await rm(launcherDir, { recursive: true, force: true });
    }
  });
});
