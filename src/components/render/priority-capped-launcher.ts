import { access, chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** util-linux's setpriv (Debian: always installed): runs a program with capabilities taken away. */
const SETPRIV = '/usr/bin/setpriv';

/**
 * The program to launch for the browser at `executablePath` so that it stays at the priority it is
 * started at. As root (CAP_SYS_NICE), Chromium sets its threads' nice values itself (its main and
 * I/O threads to -8, its thread pools back to 0), which undoes a lower priority given to it;
 * started through setpriv without CAP_SYS_NICE, its attempts are refused and it keeps the one it
 * inherited. Not root, a user's browser cannot raise its priority anyway: the program itself.
 * Returns the launcher (a script in a folder of its own under the system's temp folder) and that
 * folder, for the caller to remove.
 */
export async function priorityCappedLauncher(executablePath: string): Promise<{ path: string; dir?: string }> {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return { path: executablePath };
  try {
    await access(SETPRIV);
  } catch {
    // No setpriv (not Debian's util-linux): the browser runs as launched, free to set its own priorities.
    return { path: executablePath };
  }
  const dir = await mkdtemp(join(tmpdir(), 'beancrawl-browser-'));
  const path = join(dir, 'browser');
  await writeFile(path, `#!/bin/sh\nexec ${SETPRIV} --bounding-set=-sys_nice --inh-caps=-sys_nice -- ${shellQuoted(executablePath)} "$@"\n`);
  await chmod(path, 0o755);
  return { path, dir };
}

function shellQuoted(s: string): string {
  return `'${s.replaceAll("'", "'\\''")}'`;
}
