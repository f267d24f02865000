import { realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';

/**
 * What a job's bean files may reach when `beancrawl serve` runs it (unless `--trust-bean-files`):
 * a token holder writes those files, and must not read, write or learn anything of the service's
 * user beyond the job folder and what the operator named. The command line has no confinement.
 */
export interface Confinement {
  /** Folders besides the job folder that a path a bean names may lead into (`--data-dir`). */
  readonly dataRoots: readonly string[];
  /** Folders `file:` seeds, and every `file:` URI fetched, must lie under (`--allow-file-root`); none: no `file:` URI at all. */
  readonly fileRoots: readonly string[];
  /** Folders besides the job folder that bean files may import from (the package's profiles and sheets, the service's profiles). */
  readonly importRoots: readonly string[];
  /** The environment variables placeholders may read (`--allow-env`); every other one reads as not set. */
  readonly env: readonly string[];
}

/** The variable that hands a confinement to the crawl a service launches (`beancrawl launch` in a child process). */
export const CONFINEMENT_VARIABLE = 'BEANCRAWL_CONFINEMENT';

/** The confinement this process was launched under (by a service), or undefined: the command line's freedom. */
export function inheritedConfinement(env: NodeJS.ProcessEnv = process.env): Confinement | undefined {
  const text = env[CONFINEMENT_VARIABLE];
  if (text === undefined) return undefined;
  const c = JSON.parse(text) as Partial<Confinement>;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((e): e is string => typeof e === 'string') : []);
  return { dataRoots: list(c.dataRoots), fileRoots: list(c.fileRoots), importRoots: list(c.importRoots), env: list(c.env) };
}

/** The environment placeholders see under a confinement: the variables it names, nothing else. */
export function confinedEnvironment(confinement: Confinement, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of confinement.env) if (env[name] !== undefined) out[name] = env[name];
  return out;
}

/**
 * Whether `path` (absolute) lies in one of `roots` (absolute), as written and once symbolic
 * links are followed: the part of it that exists is resolved (what does not exist yet, a file a
 * crawl will write, cannot be a link), and so are the roots.
 */
export async function liesWithin(path: string, roots: readonly string[]): Promise<boolean> {
  const full = resolve(path);
  if (!roots.some((r) => under(full, resolve(r)))) return false;
  const real = await realPrefix(full);
  for (const r of roots) if (under(real, await realPrefix(resolve(r)))) return true;
  return false;
}

function under(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** The path with its longest existing prefix resolved through links; the rest as written. */
async function realPrefix(path: string): Promise<string> {
  let rest = '';
  for (let at = path; ; at = dirname(at)) {
    const real = await realpath(at).catch((e: NodeJS.ErrnoException) => {
      // Not there (or through a file): its folder is the part that exists; any other failure says nothing is certain.
      if (e.code === 'ENOENT' || e.code === 'ENOTDIR') return undefined;
      throw e;
    });
    if (real !== undefined) return join(real, rest);
    if (dirname(at) === at) return path;
    rest = join(basename(at), rest);
  }
}
