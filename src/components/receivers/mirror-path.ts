import { createHash } from 'node:crypto';
import { mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFolders } from '../../util/make-folders.js';
import { mirrorOriginFolder } from './mirror-origin-folder.js';
import { ignoreMissing } from '../../util/ignore-missing.js';

/** What a mirror lays out of an http(s) URL: lower-case host, explicit port (-1 when none), path as written (percent-encoding kept), query without its `?`. */
export interface MirrorUrlParts {
  readonly scheme: 'http' | 'https';
  readonly host: string;
  readonly port: number;
  readonly path: string;
  readonly query?: string;
  /** The query as the URL writes it, without its `?` ('' for a bare `?`). */
  readonly rawQuery?: string;
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
    rawQuery: u.search !== '' ? u.search.slice(1) : u.href.slice(0, u.href.length - u.hash.length).endsWith('?') ? '' : undefined,
  };
}

export interface MirrorPathOptions {
  /** The file name for a URL path ending in `/`. */
  readonly directoryFile: string;
  readonly createHostDirectory: boolean;
  readonly createPortDirectory: boolean;
  /** Longest file or folder name, in bytes; a longer one is cut and given its hash. */
  readonly maxSegLength: number;
  /** Names holding a capital letter get their hash, so that no two fold to one name (a case-insensitive file system). */
  readonly caseInsensitiveNames?: boolean;
}

/** Characters a name cannot hold on some file system, or that the layout keeps for itself (`#`, `{`, `}`). */
const UNSAFE = /[\u0000-\u001f\u007f\\/:*?"<>|#{}]/g;
/** Windows' device names, which no name may begin with (before its first dot). */
const DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
/** A suffix the hash goes before, so that a file opens as what it is. */
const EXTENSION = /\.[A-Za-z0-9]{1,8}$/;

/** The part a name's hash is made of: 8 hex digits of the SHA-1 of the name as the URL writes it. */
function hashOf(raw: string): string {
  return createHash('sha1').update(raw).digest('hex').slice(0, 8);
}

/**
 * One name of the layout from a path segment as the URL writes it (percent-encoding kept), and
 * for the last the query (`#` and the query, `?` being a name no Windows file system takes). A
 * name this had to change (a character of UNSAFE or an ending dot written `%XX`, an empty segment,
 * a device name, one longer than `max`, a capital with `foldCase`, or `reserved`: a literal
 * directoryFile) gets `{` 8 hex digits of its hash `}` before its suffix: the names it leaves as
 * they are never hold `{`, and two changed ones differ by their hashes.
 */
function layoutName(segment: string, query: string | undefined, max: number, foldCase: boolean, reserved = false): string {
  const percentEscape = (s: string) => s.replace(UNSAFE, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  const path = percentEscape(segment);
  const rest = query === undefined ? '' : percentEscape(query);
  // Windows drops a name's ending dot.
  const name = `${path}${query === undefined ? '' : `#${rest}`}`.replace(/\.$/, '%2E');
  const raw = query === undefined ? segment : `${segment}?${query}`;
  const stem = name.split('.')[0];
  const device = DEVICE.test(stem);
  const changed = reserved || device || segment === '' || path !== segment || (query !== undefined && rest !== query) || (name.endsWith('%2E') && !raw.endsWith('%2E'))
    || name.length > max || (foldCase && /[A-Z]/.test(raw));
  if (!changed) return name;
  const mark = `{${hashOf(raw)}}`;
  // The hash goes after a device name's stem (`con{…}.txt`), before a suffix (`About{…}.html`), or at the end.
  const at = device ? stem.length : query === undefined ? (EXTENSION.exec(name)?.index ?? name.length) : name.length;
  const head = name.slice(0, at);
  const tail = name.slice(at);
  return head.slice(0, Math.max(max - mark.length - tail.length, 1)) + mark + tail.slice(0, Math.max(max - mark.length - 1, 0));
}

/**
 * DirectoryMirrorReceiver's layout (a result receiver's, with no file-system look-ups): the
 * origin's folder (mirrorOriginFolder: `http_127.0.0.1_8080`), or with createPortDirectory its
 * folder without the port and a folder named after the port (the scheme's default when the URL
 * names none), then a folder a path segment, and the file: the last segment, directoryFile for a
 * path ending in `/`, the query after a `#` (layoutName). Undefined for other schemes.
 * MirrorWriterProcessor follows Heritrix's own rules instead (heritrixMirrorFile).
 */
export function mirrorPath(url: string, options: MirrorPathOptions): string[] | undefined {
  const parts = mirrorUrlParts(url);
  if (parts === undefined) return undefined;
  const max = options.maxSegLength;
  const foldCase = options.caseInsensitiveNames === true;
  const segments: string[] = [];
  if (options.createHostDirectory) segments.push(fitted(mirrorOriginFolder(parts, undefined, !options.createPortDirectory), max));
  if (options.createPortDirectory) segments.push(String(parts.port > 0 ? parts.port : parts.scheme === 'https' ? 443 : 80));
  const path = parts.path.split('/').slice(1);
  const last = path.pop() ?? '';
  for (const s of path) segments.push(layoutName(s, undefined, max, foldCase));
  const isDirectoryFile = (s: string) => (foldCase ? s.toLowerCase() === options.directoryFile.toLowerCase() : s === options.directoryFile);
  if (last === '') {
    segments.push(parts.rawQuery === undefined ? options.directoryFile : layoutName(options.directoryFile, parts.rawQuery, max, foldCase));
  } else segments.push(layoutName(last, parts.rawQuery, max, foldCase, isDirectoryFile(last)));
  return segments;
}

/**
 * The name of a URL's file where a folder of its name stands (`/a` beside `/a/b`): its own and
 * `{file}`, a name no URL has (cut before that to fit `max`).
 */
export function fileBesideFolder(name: string, max: number): string {
  return `${name.slice(0, Math.max(max - 6, 1))}{file}`;
}

/** A name within `max` characters (URLs are ASCII once parsed): cut, then `{` and 8 hex digits of its hash `}`, so that long names stay apart. */
function fitted(name: string, max: number): string {
  if (name.length <= max) return name;
  return `${name.slice(0, Math.max(max - 10, 1))}{${hashOf(name)}}`;
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
  const found = await stat(join(dir, name)).catch(ignoreMissing);
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
    // One character is kept free, as Heritrix keeps it for the temporary name (`fooN`) it writes first: names as Heritrix's.
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
 * absolute folder), making the folders on the way: the origin's folder (mirrorOriginFolder, the
 * host's hostMap name in place of the host; unlike Heritrix's host folder, one per scheme and
 * port), or with createPortDirectory that folder without the port and Heritrix's port folder when
 * the URL names one, then a folder a path segment, then the file: the last segment (or
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
  if (options.createHostDirectory) start = join(start, mirrorOriginFolder(parts, options.hostMap.get(parts.host) || undefined, !options.createPortDirectory));
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
