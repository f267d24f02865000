import { createHash } from 'node:crypto';

export interface MirrorPathOptions {
  /** The file name for a URL path ending in `/`. */
  readonly directoryFile: string;
  readonly createHostDirectory: boolean;
  readonly createPortDirectory: boolean;
  /** Longest file or folder name, in bytes; longer ones are cut and made unique by a hash. */
  readonly maxSegLength: number;
}

/**
 * The path under the mirror's folder (as segments) where an http(s) URL's document goes, as
 * Heritrix's MirrorWriterProcessor lays files out: host folder, optional port folder, then the
 * URL's path segments as they are written in the URL (percent-encoding kept), `directoryFile`
 * for a path ending in `/`, and the query kept after a `?` in the last name. Undefined for other schemes.
 */
export function mirrorPath(url: string, options: MirrorPathOptions): string[] | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const segments: string[] = [];
  if (options.createHostDirectory) segments.push(u.hostname.toLowerCase().replace(/[[\]:]/g, '_'));
  if (options.createPortDirectory) segments.push(u.port || (u.protocol === 'https:' ? '443' : '80'));
  const path = u.pathname.split('/').slice(1).map((s) => (s === '' ? '_' : s));
  if (path.length === 0 || u.pathname.endsWith('/')) path[Math.max(path.length - 1, 0)] = options.directoryFile;
  if (u.search.length > 1) path[path.length - 1] += u.search.replace(/\//g, '%2F');
  for (const s of path) segments.push(fitted(s, options.maxSegLength));
  return segments;
}

/** A name within `max` characters (URLs are ASCII once parsed): cut, then `~` and 8 hex digits of its hash, so that long names stay apart. */
function fitted(name: string, max: number): string {
  if (name.length <= max) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, Math.max(max - 9, 1))}~${hash}`;
}
