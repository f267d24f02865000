import { createHash } from 'node:crypto';
import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFolders } from '../../util/make-folders.js';

/** What a page is answered with for one request: a response, or a refusal (out of scope, robots.txt, a failed fetch). */
export type Served =
  | { readonly kind: 'response'; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: Buffer }
  | { readonly kind: 'refused'; readonly why: string };

/** One response kept: its head in memory, its body in a file of the cache folder. */
interface Kept {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly file: string;
  readonly size: number;
}

/**
 * The bodies of what pages' requests fetched, by canonical key, kept on disk (the heads and the
 * refusals in memory) so that the same sub-resource asked for by another page is served without
 * a request. Bounded by maxBytes: past it the oldest bodies are dropped (a Map keeps its order of
 * insertion; a hit moves the entry to the end).
 */
export class SubresourceCache {
  readonly #kept = new Map<string, Kept>();
  readonly #refused = new Map<string, string>();
  #bytes = 0;
  #next = 0;
  dropped = 0;

  constructor(readonly dir: string, readonly maxBytes: number) {}

  /** Empties the folder (files of an earlier launch) and makes it. */
  async open(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
    await makeFolders(this.dir);
  }

  get size(): number {
    return this.#kept.size;
  }

  /** What was kept under the key, read back; undefined when nothing was (or it was dropped). */
  async get(key: string): Promise<Served | undefined> {
    const why = this.#refused.get(key);
    if (why !== undefined) return { kind: 'refused', why };
    const kept = this.#kept.get(key);
    if (kept === undefined) return undefined;
    this.#kept.delete(key);
    this.#kept.set(key, kept);
    // A file gone (the folder emptied by hand): as if dropped, and the page's request is fetched again.
    const body = await readFile(kept.file).catch(() => undefined);
    if (body === undefined) return undefined;
    return { kind: 'response', status: kept.status, headers: kept.headers, body };
  }

  has(key: string): boolean {
    return this.#kept.has(key) || this.#refused.has(key);
  }

  async put(key: string, served: Served): Promise<void> {
    if (served.kind === 'refused') {
      this.#refused.set(key, served.why);
      return;
    }
    if (this.#kept.has(key) || served.body.length > this.maxBytes) return;
    const name = `${createHash('sha1').update(key).digest('hex').slice(0, 16)}-${this.#next++}`;
    const file = join(this.dir, name);
    await writeFile(file, served.body);
    this.#kept.set(key, { status: served.status, headers: served.headers, file, size: served.body.length });
    this.#bytes += served.body.length;
    for (const [k, kept] of this.#kept) {
      if (this.#bytes <= this.maxBytes) break;
      this.#kept.delete(k);
      this.#bytes -= kept.size;
      this.dropped++;
      // Removed off the page's path: a file left is disk space in the folder, which the next start empties.
      unlink(kept.file).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.#kept.clear();
    this.#refused.clear();
    this.#bytes = 0;
    await rm(this.dir, { recursive: true, force: true });
  }
}
