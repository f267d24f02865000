import { createHash } from 'node:crypto';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFolders } from '../../util/make-folders.js';

/** What a mirror lays out of an http(s) URL: lower-case host, explicit port (-1 when none), path as written (percent-encoding kept), query without its `?`. */
export interface MirrorUrlParts {
  readonly scheme: 'http' | 'https';
  readonly host: string;
  readonly port: number;
  readonly path: string;
  readonly query?: string;
}

/** The parts of an http or https URL a mirror uses; undefined for other schemes and unparsable URLs. */
export function mirrorUrlParts(url: string): MirrorUrlParts | undefined {
  if (!URL.canParse(url)) return undefined;
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  return {
    scheme: u.protocol === 'http:' ? 'http' : 'https',
    host: u.hostname.toLowerCase(),
    port: u.port === '' ? -1 : Number(u.port),
    path: u.pathname || '/',
    // A `/` in a query would be a folder: it stays escaped.
    query: u.search.length > 1 ? u.search.slice(1).replace(/\//g, '%2F') : undefined,
  };
}

export interface MirrorPathOptions {
  /** The file name for a URL path ending in `/`. */
  readonly directoryFile: string;
  readonly createHostDirectory: boolean;
  readonly createPortDirectory: boolean;
  /** Longest file or folder name, in bytes; longer ones are cut and made unique by a hash. */
  readonly maxSegLength: number;
}

/**
 * DirectoryMirrorReceiver's layout (a result receiver's, with no file-system look-ups): host
 * folder, optional port folder (the default port when the URL names none), then the URL's path
 * segments as written in the URL, `directoryFile` for a path ending in `/`, and the query kept
 * after a `?` in the last name. Undefined for other schemes. MirrorWriterProcessor follows
 * Heritrix's own rules instead (heritrixMirrorFile).
 */
export function mirrorPath(url: string, options: MirrorPathOptions): string[] | undefined {
  const parts = mirrorUrlParts(url);
  if (parts === undefined) return undefined;
  const segments: string[] = [];
  if (options.createHostDirectory) segments.push(parts.host.replace(/[[\]:]/g, '_'));
  if (options.createPortDirectory) segments.push(String(parts.port > 0 ? parts.port : parts.scheme === 'https' ? 443 : 80));
  const path = parts.path.split('/').slice(1).map((s) => (s === '' ? '_' : s));
  if (path.length === 0 || parts.path.endsWith('/')) path[Math.max(path.length - 1, 0)] = options.directoryFile;
  if (parts.query !== undefined) path[path.length - 1] += `?${parts.query}`;
  for (const s of path) segments.push(fitted(s, options.maxSegLength));
  return segments;
}

/** A name within `max` characters (URLs are ASCII once parsed): cut, then `~` and 8 hex digits of its hash, so that long names stay apart. */
function fitted(name: string, max: number): string {
  if (name.length <= max) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, Math.max(max - 9, 1))}~${hash}`;
}

/** Heritrix's MirrorWriterProcessor settings, its pair lists already read into maps. */
export interface HeritrixMirrorOptions {
  readonly directoryFile: string;
  readonly createHostDirectory: boolean;
  readonly createPortDirectory: boolean;
  readonly maxSegLength: number;
  readonly maxPathLength: number;
  readonly suffixAtEnd: boolean;
  readonly tooLongDirectory: string;
  readonly caseSensitiveFilesystem: boolean;
  /** A character of the path or query to its replacement. */
  readonly characterMap: ReadonlyMap<string, string>;
  /** Replaces a `.` beginning a name; undefined leaves it. */
  readonly dotBegin?: string;
  /** Replaces a `.` ending a folder name; undefined leaves it. */
  readonly dotEnd?: string;
  /** Host (lower case) to the folder name used for it. */
  readonly hostMap: ReadonlyMap<string, string>;
  /** Content-type prefixes (lower case), in order, to the suffix given to their files ('' keeps the URL's). */
  readonly contentTypeMap: ReadonlyArray<readonly [string, string]>;
  /** Folder names (lower case) that get a leading `_`. */
  readonly underscoreSet: ReadonlySet<string>;
}

const HEX = /^[0-9a-fA-F]$/;

/**
 * Heritrix's LumpyString: a name made of lumps that are cut whole: a `%XX` escape, a mapped
 * character's replacement, the replaced leading dot, any other character.
 */
class Lumpy {
  readonly lumps: string[] = [];
  length = 0;

  constructor(str = '', begin = 0, end = 0, maxLen = Infinity, characterMap: ReadonlyMap<string, string> = new Map(), dotBegin?: string) {
    for (let i = begin; i < end; i++) {
      const s = str[i];
      let lump = s === '.' && i === begin && dotBegin !== undefined ? dotBegin : characterMap.get(s);
      if (lump === undefined) {
        if (s === '%' && end - i > 2 && HEX.test(str[i + 1]) && HEX.test(str[i + 2])) {
          lump = str.slice(i, i + 3);
          i += 2;
        } else lump = s;
      }
      if (this.length + lump.length > maxLen) return;
      this.append(lump);
    }
  }

  append(lump: string): void {
    this.lumps.push(lump);
    this.length += lump.length;
  }

  prepend(ch: string): void {
    this.lumps.unshift(ch);
    this.length += ch.length;
  }

  endsWith(ch: string): boolean {
    return this.length > 0 && this.lumps[this.lumps.length - 1].endsWith(ch);
  }

  /** Cuts whole lumps off the end until at most `max` characters are left. */
  trimToMax(max: number): void {
    while (this.length > max) this.length -= this.lumps.pop()!.length;
  }

  toString(): string {
    return this.lumps.join('');
  }
}

/** Java's NumberFormat.getIntegerInstance() in an English locale: the number a name is made unique with. */
function uniqueNumber(i: number): string {
  return i.toLocaleString('en-US');
}

type Exists = 'not' | 'exact' | 'otherCase';

/** Heritrix's existsMaybeCaseSensitive: on a case-insensitive file system, a name that differs only in case does not count as this one. */
async function existsAs(dir: string, name: string, caseSensitive: boolean): Promise<{ exists: Exists; isDirectory: boolean; isFile: boolean }> {
  const found = await stat(join(dir, name)).catch(() => undefined);
  if (found === undefined) return { exists: 'not', isDirectory: false, isFile: false };
  const kind = { isDirectory: found.isDirectory(), isFile: found.isFile() };
  if (caseSensitive) return { exists: 'exact', ...kind };
  const names = await readdir(dir).catch(() => [] as string[]);
  return { exists: names.includes(name) ? 'exact' : 'otherCase', ...kind };
}

/** Heritrix's DirSegment: one folder of the path, its name mapped and cut to maxSegLength, made unique by a number when a file stands there. */
class DirSegment {
  readonly main: Lumpy;

  /** `options` undefined: tooLongDirectory's folder, which no character map, dot rule or underscore changes. */
  constructor(str: string, begin: number, end: number, readonly maxSegLen: number, readonly options: HeritrixMirrorOptions | undefined) {
    this.main = new Lumpy(str, begin, end, maxSegLen, options?.characterMap, options?.dotBegin);
    const dotEnd = options?.dotEnd;
    if (dotEnd !== undefined) {
      // A name like `VeryLong...` must not end in a dot whatever the cut: loop.
      while (this.main.endsWith('.')) {
        this.main.trimToMax(this.main.length - 1);
        if (this.main.length + dotEnd.length <= maxSegLen) this.main.append(dotEnd);
      }
    }
  }

  async addTo(dir: string, caseSensitive: boolean): Promise<string> {
    const underscoreSet = this.options?.underscoreSet;
    let startLen = this.main.length;
    for (let i = 0; ; i++) {
      if (i !== 0) {
        const ending = uniqueNumber(i);
        this.main.trimToMax(Math.min(startLen, this.maxSegLen - ending.length));
        this.main.append(ending);
      }
      let name = this.main.toString();
      if (underscoreSet?.has(name.toLowerCase())) {
        this.main.prepend('_');
        startLen++;
        this.main.trimToMax(this.maxSegLen);
        name = this.main.toString();
      }
      const path = join(dir, name);
      const found = await existsAs(dir, name, caseSensitive);
      if (found.exists === 'not') {
        try {
          await mkdir(path);
          return path;
        } catch (e) {
          // Made meanwhile by another URI of the same host: looked at again.
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
          if ((await stat(path)).isDirectory()) return path;
        }
      } else if (found.exists === 'exact' && found.isDirectory) return path;
      // A file stands there, or the same name in another case: the next number.
    }
  }
}

/** Heritrix's EndSegment: the file name: main part, unique number, query and suffix, cut to fit maxSegLength and maxPathLength. */
class EndSegment {
  readonly main: Lumpy;
  query?: Lumpy;
  suffix?: string;
  unique?: string;
  readonly maxSegLen: number;
  readonly maxPathLen: number;

  constructor(str: string, begin: number, end: number, maxSegLen: number, options: HeritrixMirrorOptions, dotBegin: string | undefined, query: string | undefined, suffix: string | undefined, maxPathLen: number) {
    this.maxSegLen = maxSegLen - 1;
    let mainEnd = end;
    const lastDot = str.lastIndexOf('.');
    if (lastDot > 0 && lastDot < end - 1 && lastDot > begin) mainEnd = lastDot;
    this.suffix = suffix;
    if (this.suffix === undefined && mainEnd < end - 1) this.suffix = new Lumpy(str, mainEnd + 1, end, this.maxSegLen, options.characterMap).toString();
    this.main = new Lumpy(str, begin, mainEnd, this.maxSegLen, options.characterMap, dotBegin);
    // One character is kept free for the temporary name (`fooN`) the file is written under first.
    this.maxPathLen = maxPathLen - 1;
    if (query !== undefined) this.query = new Lumpy(query, 0, query.length, this.maxSegLen, options.characterMap);
  }

  #length(): number {
    return this.main.length + (this.unique?.length ?? 0) + (this.query?.length ?? 0) + (this.suffix !== undefined ? 1 + this.suffix.length : 0);
  }

  #available(dirPathLen: number): number {
    const len = this.#length();
    return Math.min(this.maxSegLen - len, this.maxPathLen - dirPathLen - len);
  }

  /** Cuts, in Heritrix's order, the query, then the main part, then the suffix, until `padding` more characters fit. */
  #trim(padding: number, dirPathLen: number): void {
    let available = this.#available(dirPathLen);
    if (available >= padding) return;
    if (this.query !== undefined) {
      this.query.trimToMax(Math.max(0, this.query.length - (padding - available)));
      if (this.query.length === 0) this.query = undefined;
      available = this.#available(dirPathLen);
      if (available >= padding) return;
    }
    this.main.trimToMax(Math.max(1, this.main.length - (padding - available)));
    available = this.#available(dirPathLen);
    if (available >= padding) return;
    if (this.suffix !== undefined) {
      this.suffix = this.suffix.slice(0, Math.max(1, this.suffix.length - (padding - available)));
      if (this.#available(dirPathLen) >= padding) return;
    }
    throw new Error('the mirror path cannot be cut short enough (maxPathLength)');
  }

  name(suffixAtEnd: boolean): string {
    const q = this.query?.toString() ?? '';
    const s = this.suffix !== undefined ? `.${this.suffix}` : '';
    return this.main.toString() + (this.unique ?? '') + (suffixAtEnd ? q + s : s + q);
  }

  async addTo(dir: string, options: HeritrixMirrorOptions): Promise<string> {
    const dirPathLen = 1 + dir.length;
    for (let i = 0; ; i++) {
      if (i !== 0) this.unique = uniqueNumber(i);
      this.#trim(this.unique?.length ?? 0, dirPathLen);
      const name = this.name(options.suffixAtEnd);
      const found = await existsAs(dir, name, options.caseSensitiveFilesystem);
      if (found.exists === 'not' || (found.exists === 'exact' && found.isFile)) return join(dir, name);
    }
  }
}

/**
 * Where Heritrix's MirrorWriterProcessor writes an http(s) URL's response under `baseDir` (an
 * absolute folder), making the folders on the way: host folder (or its hostMap name), the port's
 * when the URL names one, a folder a path segment, then the file: the last segment (or
 * directoryFile for a path ending in `/`) with the query appended without its `?` and the suffix
 * (or the contentTypeMap's) after it, or before the query without suffixAtEnd. Names are cut
 * to maxSegLength by whole lumps (a `%XX` escape is one), and a path whose folders would leave
 * less than maxSegLength of maxPathLength (counted on the absolute path) puts the file under
 * tooLongDirectory instead. A folder name where a file stands, or a file name where a folder
 * stands, gets the next number. Undefined for other schemes.
 */
export async function heritrixMirrorFile(baseDir: string, url: string, contentType: string, options: HeritrixMirrorOptions): Promise<string | undefined> {
  const parts = mirrorUrlParts(url);
  if (parts === undefined) return undefined;
  const maxSegLen = Math.max(options.maxSegLength, 2);
  const maxPathLen = Math.max(options.maxPathLength, 2);
  let start = baseDir;
  if (options.createHostDirectory) start = join(start, options.hostMap.get(parts.host) || parts.host);
  if (options.createPortDirectory && parts.port > 0) start = join(start, String(parts.port));
  let suffix: string | undefined;
  const type = contentType.toLowerCase();
  const mapped = options.contentTypeMap.find(([prefix]) => type.startsWith(prefix));
  if (mapped && mapped[1] !== '') suffix = mapped[1];

  const path = parts.path;
  const dirs: DirSegment[] = [];
  let slash = 0;
  for (let next = path.indexOf('/', 1); next >= 0; slash = next, next = path.indexOf('/', next + 1)) {
    // An empty segment (`//`) makes no folder.
    if (next > slash + 1) dirs.push(new DirSegment(path, slash + 1, next, maxSegLen, options));
  }
  const end = slash < path.length - 1
    ? new EndSegment(path, slash + 1, path.length, maxSegLen, options, options.dotBegin, parts.query, suffix, maxPathLen)
    : new EndSegment(options.directoryFile, 0, options.directoryFile.length, maxSegLen, options, undefined, parts.query, suffix, maxPathLen);

  const folders = async (segments: DirSegment[]): Promise<string | undefined> => {
    await makeFolders(start);
    let dir = start;
    for (const segment of segments) {
      dir = await segment.addTo(dir, options.caseSensitiveFilesystem);
      if (dir.length > maxPathLen - maxSegLen) return undefined;
    }
    return dir;
  };
  let dir = await folders(dirs);
  if (dir === undefined) {
    dir = await folders([new DirSegment(options.tooLongDirectory, 0, options.tooLongDirectory.length, maxSegLen, undefined)]);
    if (dir === undefined) throw new Error(`the mirror path of ${url} is longer than maxPathLength even under ${options.tooLongDirectory}`);
  }
  return end.addTo(dir, options);
}
