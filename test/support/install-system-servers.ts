import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { installCommand, isInstalled, NEEDED_SERVERS, SYSTEM_SERVERS, type SystemServer } from './system-servers.js';

// Bounds, so that a stalled mirror fails the run with a message instead of hanging it.
const UPDATE_TIMEOUT_MS = 5 * 60_000;
const INSTALL_TIMEOUT_MS = 20 * 60_000;
const APT_LISTS = '/var/lib/apt/lists';

/**
 * Run by `npm test` before the suite (pretest): installs the Debian packages of the servers the
 * suite needs (NEEDED_SERVERS) that are missing, when it can (as root, with apt-get), quietly and
 * within a bounded time. It says what is still missing, with the command that installs it; the
 * tests that need it are then skipped, or fail under BEANCRAWL_REQUIRE_SERVERS=1 (CI). Returns
 * the names of the servers still missing.
 */
export function installSystemServers(needed: readonly string[] = NEEDED_SERVERS, log: (line: string) => void = (line) => void process.stderr.write(`${line}\n`)): string[] {
  const unknown = needed.filter((name) => !SYSTEM_SERVERS[name]);
  if (unknown.length) throw new Error(`NEEDED_SERVERS names servers that SYSTEM_SERVERS does not describe: ${unknown.join(', ')}`);
  const missing = () => needed.filter((name) => !isInstalled(SYSTEM_SERVERS[name]));
  let absent = missing();
  if (absent.length && canInstall()) {
    const servers = absent.map((name) => SYSTEM_SERVERS[name]);
    log(`test servers: installing ${absent.join(', ')}: ${installCommand(servers)}`);
    const problem = aptInstall(servers);
    if (problem) log(`test servers: ${problem}`);
    absent = missing();
  }
  if (absent.length) {
    const outcome = process.env.BEANCRAWL_REQUIRE_SERVERS === '1' ? 'fail (BEANCRAWL_REQUIRE_SERVERS=1)' : 'are skipped';
    log(`test servers missing: ${absent.join(', ')}; the tests that need them ${outcome}. To install them, as root: ` +
      `${installCommand(absent.map((name) => SYSTEM_SERVERS[name]))}`);
  }
  return absent;
}

function canInstall(): boolean {
  return process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

/**
 * `apt-get install`, after `apt-get update` on a machine that has no package lists yet (a clean
 * Debian image) or whose lists are stale (the install fails). Returns what went wrong, if anything.
 */
function aptInstall(servers: readonly SystemServer[]): string | undefined {
  const packages = [...new Set(servers.flatMap((s) => s.packages))];
  const apt = (args: string[], timeout: number) => spawnSync('apt-get', args, {
    encoding: 'utf8', timeout, maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const update = () => failure(apt(['update', '-qq'], UPDATE_TIMEOUT_MS), 'apt-get update');
  const install = () => apt(['install', '-y', '-qq', '--no-install-recommends', ...packages], INSTALL_TIMEOUT_MS);
  let updated = false;
  if (!hasPackageLists()) {
    const problem = update();
    if (problem) return problem;
    updated = true;
  }
  let result = install();
  if (result.status !== 0 && !result.error && !updated) {
    const problem = update();
    if (problem) return problem;
    result = install();
  }
  return failure(result, 'apt-get install');
}

function failure(result: SpawnSyncReturns<string>, what: string): string | undefined {
  if (result.error) return `${what} did not finish: ${result.error.message}`;
  if (result.status !== 0) return `${what} failed (exit ${result.status ?? result.signal}): ` +
    `${(result.stderr || result.stdout).trim().split('\n').slice(-5).join('\n')}`;
  return undefined;
}

function hasPackageLists(): boolean {
  return existsSync(APT_LISTS) && readdirSync(APT_LISTS).some((name) => name.includes('_Packages'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) installSystemServers();
