import { realpath } from 'node:fs/promises';
import { dirname, sep } from 'node:path';

/** Why a symbolic link is not followed: its target lies outside the seeds, or it leads back into its own path. */
export type SymlinkRefusal = 'outside' | 'loop';

/**
 * When FetchFile follows a symbolic link, that is, fetches a URI whose own path is a link (to
 * a file or a folder), its target being what the link resolves to with every link on the way
 * resolved (realpath):
 * - followSymlinks off (the default): only when the target lies within a seed, meaning it is, or
 *   is inside, the resolved path of a seed folder, or is the resolved path of a seed file. Else
 *   the link leads `outside` and is not followed.
 * - followSymlinks on: wherever it leads.
 * Either way a link to a folder is a `loop` and never followed when the target is, or contains,
 * a folder that the link's own path passes through (resolved): following it would crawl the
 * same files again under ever longer paths. Seeds themselves are fetched whatever they are.
 * A link whose target lies within a seed is followed even though the files it reaches may also
 * be crawled under their own paths.
 */
export class SymlinkPolicy {
  readonly #roots = new Set<string>();

  constructor(readonly followSymlinks: boolean) {}

  /** Adds a seed's path; its resolved path is what counts (a seed that does not exist adds nothing). */
  async addSeed(path: string): Promise<void> {
    try {
      this.#roots.add(await realpath(path));
    } catch {
      // a missing seed: FetchFile answers it with 404
    }
  }

  /** Why the link at `path` (whose target is a folder or not) must not be followed; undefined to follow it. Throws for a broken link. */
  async refusal(path: string, toFolder: boolean): Promise<SymlinkRefusal | undefined> {
    const target = await realpath(path);
    if (!this.followSymlinks && !this.#withinSeeds(target)) return 'outside';
    if (toFolder && (await this.#leadsBack(path, target))) return 'loop';
    return undefined;
  }

  #withinSeeds(target: string): boolean {
    for (const root of this.#roots) if (isWithin(target, root)) return true;
    return false;
  }

  /** Whether the folder `target` is, or contains, one of the folders that `path` passes through. */
  async #leadsBack(path: string, target: string): Promise<boolean> {
    const folders: string[] = [];
    for (let p = dirname(path); folders.at(-1) !== p; p = dirname(p)) folders.push(p);
    const resolved = await Promise.all(folders.map((f) => realpath(f).catch(() => f)));
    return resolved.some((folder) => isWithin(folder, target));
  }
}

/** `path` is `folder` or lies inside it. */
export function isWithin(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
