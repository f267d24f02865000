import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { FILE_DIGEST_ALGORITHMS, fileDigest } from './file-digest.js';
import { type Stats, constants } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { Hop } from '../../model/hop.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { contentTypeOf, FOLDER_TYPE } from '../../util/content-type-of.js';
import { inheritedConfinement, liesWithin } from '../../util/confinement.js';
import { folderEntries } from './folder-entries.js';
import { SymlinkPolicy } from './symlink-policy.js';

export const fetchFileComponent = defineComponent({
  name: 'FetchFile',
  description:
    'Fetches `file:` URIs from the local file system (in the manner of Aperture\'s FileSystemCrawler). A folder\'s entries become its ' +
    'links (hop L; sub-folders end in `/`) and its content is the list of their names (type `inode/directory`): a listing, which receivers ' +
    'and the fetch history never hear of (its files are the documents; a file gone from it is found gone at the run\'s end). A file\'s bytes are its ' +
    'content, its type guessed from its extension, its size and modification time in extraInfo (`fileSize`, `lastModified`). ' +
    'Status 200 for a file or folder that reads, 404 when it does not exist, 403 when it cannot be read or is no regular file ' +
    '(device, FIFO, socket), -5002 for a symbolic link not followed (annotation `symlinkNotFollowed:outside` or `:loop`), ' +
    '-7 for a `file:` URI naming another machine.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    maxLengthBytes: {
      type: 'integer', minimum: 0, default: 104857600, overlayable: true,
      description: 'Most bytes of a file to read (100 MiB by default); the rest is left unread and the URI annotated `lenTrunc`. 0 = no limit: ' +
        'each file must then fit in memory.',
    },
    followSymlinks: {
      type: 'boolean', default: false,
      description: 'Off, a symbolic link is followed only when what it resolves to lies within a seed (a seed folder, or a seed file itself); on, ' +
        'wherever it leads. ' +
        'Either way a link to a folder that is, or contains, a folder on its own path is never followed (a loop). Seeds are fetched whatever they are.',
    },
    crawlHiddenFiles: {
      type: 'boolean', default: false, overlayable: true,
      description: 'List entries whose names start with a dot (SAP xcrawler\'s "crawl hidden documents"); off, folder listings leave them out. A ' +
        'seed is fetched whatever its name.',
    },
    digestContent: { type: 'boolean', default: true, overlayable: true, description: 'Compute the digest of the content (a file\'s bytes as read, ' +
      'a folder\'s listing).' },
    digestAlgorithm: { type: 'string', enum: FILE_DIGEST_ALGORITHMS, default: 'sha1', description: 'The digest algorithm.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    seeds: { kind: 'SeedModule', autowire: true, description: 'The seeds, which bound where symbolic links may lead while followSymlinks is off.' },
  },
  load: async (): Promise<ComponentClass> => FetchFile,
});

export type FetchFileConfig = ConfigOf<typeof fetchFileComponent>;

/** Heritrix's context for links read from a listing (FetchFTP's folder entries). */
export const FOLDER_ENTRY_CONTEXT = '=NAVLINK_MISC';

const NOT_FOUND = new Set(['ENOENT', 'ENOTDIR', 'ELOOP', 'ENAMETOOLONG']);

const FORBIDDEN = new Set(['EACCES', 'EPERM']);

/**
 * Fetches `file:` URIs with asynchronous file-system calls only: a folder becomes its listing
 * and its entries the URI's outlinks, a file its bytes. Symbolic links are followed as
 * SymlinkPolicy says; the seeds it needs are read in start().
 */
export class FetchFile extends Processor<typeof fetchFileComponent> {
  #policy?: SymlinkPolicy;
  /** Under the service's confinement, the folders files may be read from (`--allow-file-root`); undefined: anywhere. */
  readonly #fileRoots = inheritedConfinement()?.fileRoots;

  async start(): Promise<void> {
    if (this.#policy !== undefined) return;
    const policy = new SymlinkPolicy(this.config.followSymlinks);
    const seeds = this.config.seeds;
    if (seeds !== undefined) {
      const list = await seeds.loadSeeds();
      await Promise.all(list.seeds.map((s) => addFileSeed(policy, s.url)));
      seeds.onSeedAdded((url) => void addFileSeed(policy, url));
    }
    this.#policy = policy;
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    return curi.uri.startsWith('file:');
  }

  protected async innerProcess(curi: CrawlUri, c: ConfigOf<typeof fetchFileComponent>): Promise<ProcessResult> {
    const path = filePathOf(curi.uri);
    if (path === undefined) {
      curi.fetchStatus = FetchStatus.UNFETCHABLE_URI;
      return FINISH;
    }
    curi.fetchBeginTime = Date.now();
    try {
      await this.#fetch(curi, path, c);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'Error';
      curi.fetchStatus = fileErrorStatus(code);
      if (curi.fetchStatus < 0) curi.annotations.push(`err:${code}`);
    }
    curi.fetchDurationMs = Date.now() - curi.fetchBeginTime;
    return curi.fetchStatus < 0 ? FINISH : PROCEED;
  }

  async #fetch(curi: CrawlUri, path: string, c: FetchFileConfig): Promise<void> {
    // A crawl the service launched reads files under the roots its operator named only, seeds and links alike, wherever links lead.
    if (this.#fileRoots !== undefined && !(await liesWithin(path, this.#fileRoots))) {
      curi.annotations.push('outsideFileRoots');
      curi.fetchStatus = FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR;
      return;
    }
    const own = await lstat(path);
    const stats = own.isSymbolicLink() ? await stat(path) : own;
    if (own.isSymbolicLink() && !curi.isSeed) {
      const policy = this.#policy;
      if (policy === undefined) throw new Error('FetchFile was used before start()');
      const refusal = await policy.refusal(path, stats.isDirectory());
      if (refusal !== undefined) {
        curi.annotations.push(`symlinkNotFollowed:${refusal}`);
        curi.fetchStatus = FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR;
        return;
      }
    }
    if (stats.isDirectory()) return this.#readFolder(curi, path, stats, c);
    if (stats.isFile()) return this.#readFile(curi, path, c);
    curi.annotations.push('notRegularFile');
    curi.fetchStatus = 403;
  }

  /** The entries become outlinks (folders with a trailing slash), their names one a line the content (a listing). */
  async #readFolder(curi: CrawlUri, path: string, stats: Stats, c: FetchFileConfig): Promise<void> {
    const entries = await folderEntries(path, c.crawlHiddenFiles);
    let listing = '';
    for (const { name, folder } of entries) {
      const uri = pathToFileURL(join(path, name)).href + (folder ? '/' : '');
      curi.outlinks.push({ uri, hop: Hop.LINK, context: FOLDER_ENTRY_CONTEXT });
      listing += folder ? `${name}/\n` : `${name}\n`;
    }
    record(curi, Buffer.from(listing, 'utf8'), FOLDER_TYPE, stats, c);
    // A listing, not a document: receivers and the fetch history hear of its files, never of it.
    curi.listing = true;
  }

  /** Reads up to maxLengthBytes of the file (the rest left, `lenTrunc`). */
  async #readFile(curi: CrawlUri, path: string, c: FetchFileConfig): Promise<void> {
    const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    try {
      const stats = await handle.stat();
      const want = c.maxLengthBytes > 0 ? Math.min(stats.size, c.maxLengthBytes) : stats.size;
      const bytes = Buffer.allocUnsafe(want);
      let got = 0;
      while (got < want) {
        const { bytesRead } = await handle.read(bytes, got, want - got, got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      record(curi, got < want ? bytes.subarray(0, got) : bytes, contentTypeOf(path), stats, c);
      if (c.maxLengthBytes > 0 && stats.size > c.maxLengthBytes) curi.annotations.push('lenTrunc');
    } finally {
      await handle.close();
    }
  }
}

function record(curi: CrawlUri, content: Buffer, contentType: string, stats: Stats, c: FetchFileConfig): void {
  curi.fetchStatus = 200;
  curi.content = content;
  curi.contentType = contentType;
  curi.contentSize = content.length;
  curi.recordedSize = content.length;
  if (c.digestContent) curi.contentDigest = fileDigest(c.digestAlgorithm, content);
  if (stats.isFile()) curi.extraInfo.fileSize = stats.size;
  curi.extraInfo.lastModified = stats.mtime.toISOString();
}

/** The status for a failed file-system call: 404 nothing there, 403 not allowed, else -5. */
export function fileErrorStatus(code: string): number {
  return NOT_FOUND.has(code) ? 404 : FORBIDDEN.has(code) ? 403 : FetchStatus.RUNTIME_EXCEPTION;
}

/**
 * The local path of a `file:` URI, without a trailing separator (through which lstat would see
 * a link's target rather than the link); undefined when it names another machine or does not parse.
 */
export function filePathOf(uri: string): string | undefined {
  try {
    const path = fileURLToPath(uri);
    let end = path.length;
    while (end > 1 && path[end - 1] === sep) end--;
    return path.slice(0, end);
  } catch {
    return undefined;
  }
}

async function addFileSeed(policy: SymlinkPolicy, url: string): Promise<void> {
  const path = url.startsWith('file:') ? filePathOf(url) : undefined;
  if (path !== undefined) await policy.addSeed(path);
}
