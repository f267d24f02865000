import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { readWarcRecords, type WarcRecordRead } from './warc-record-reader.js';

import type { CdxjEntry } from '../wire/url-history.js';

export type { CdxjEntry };

/** The index file in a run folder. */
export const INDEX_FILE = 'index.cdxj';

const INDEXED = new Set(['response', 'revisit', 'resource']);

/**
 * Indexes every WARC file under `runDir` (`warcs/…`, or wherever the writers put them in it) into
 * `runDir/index.cdxj`: a line per response, revisit and resource record, `surt timestamp14 {json}`
 * with pywb's fields, sorted as `sort` sorts bytes. Returns the lines written.
 */
export async function writeCdxjIndex(runDir: string): Promise<{ path: string; files: number; lines: string[] }> {
  const files = await warcFilesUnder(runDir);
  const lines: string[] = [];
  for (const file of files) {
    for await (const record of readWarcRecords(join(runDir, file))) {
      const line = cdxjLine(record, file);
      if (line) lines.push(line);
    }
  }
  lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const path = join(runDir, INDEX_FILE);
  await writeFile(`${path}.tmp`, lines.map((l) => `${l}\n`).join(''));
  await rename(`${path}.tmp`, path);
  return { path, files: files.length, lines };
}

/** The entries of `runDir/index.cdxj`, or undefined when it has none yet. */
export async function readCdxjIndex(runDir: string): Promise<CdxjEntry[] | undefined> {
  const text = await readFile(join(runDir, INDEX_FILE), 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  return text?.split('\n').filter(Boolean).map(parseCdxjLine);
}

export function parseCdxjLine(line: string): CdxjEntry {
  const first = line.indexOf(' ');
  const second = line.indexOf(' ', first + 1);
  return { surt: line.slice(0, first), timestamp: line.slice(first + 1, second), ...(JSON.parse(line.slice(second + 1)) as Omit<CdxjEntry, 'surt' | 'timestamp'>) };
}

function cdxjLine(record: WarcRecordRead, filename: string): string | undefined {
  const type = record.header.get('warc-type') ?? '';
  const url = record.header.get('warc-target-uri');
  if (!INDEXED.has(type) || url === undefined) return undefined;
  const json: Record<string, string> = { url };
  if (type === 'revisit') json.mime = 'warc/revisit';
  // A response without an HTTP head (a DNS answer, text/dns) is indexed by its record's Content-Type, as a resource.
  const http = type === 'resource' ? undefined : httpHead(record.block);
  if (http?.status) json.status = http.status;
  if (type !== 'revisit') json.mime = (http ? http.mime : mimeOf(record.header.get('content-type'))) ?? 'unk';
  const digest = record.header.get('warc-payload-digest');
  if (digest) json.digest = digest.replace(/^sha1:/i, '');
  Object.assign(json, { length: String(record.length), offset: String(record.offset), filename, type });
  return `${surtKey(url)} ${timestamp14(record.header.get('warc-date') ?? '')} ${JSON.stringify(json)}`;
}

/** The status and the MIME type (without parameters) of the HTTP head at the start of a block, when it has one. */
function httpHead(block: Buffer): { status?: string; mime?: string } | undefined {
  const end = block.indexOf('\r\n\r\n');
  const head = block.subarray(0, end === -1 ? Math.min(block.length, 65536) : end).toString('latin1');
  const status = /^HTTP\/[\d.]+ (\d{3})/.exec(head)?.[1];
  if (!status) return undefined;
  return { status, mime: mimeOf(/\r\ncontent-type:[ \t]*([^\r\n]*)/i.exec(head)?.[1]) };
}

function mimeOf(contentType: string | undefined): string | undefined {
  const mime = contentType?.split(';')[0].trim().toLowerCase();
  return mime || undefined;
}

/** `2026-11-25T21:00:00Z` (or with fractions) → `20261125210000`. */
export function timestamp14(warcDate: string): string {
  return warcDate.replace(/\D/g, '').slice(0, 14).padEnd(14, '0');
}

/**
 * The key a URL is sorted and looked up by, as pywb's SURT (the Python `surt` package's defaults):
 * lower case, no scheme, host labels reversed and joined by commas with a leading `www.` dropped,
 * a port other than the scheme's default kept, `)` before the path, query arguments sorted,
 * no fragment: `http://www.Example.org:8080/a?b=1&a=2` → `org,example:8080)/a?a=2&b=1`.
 */
export function surtKey(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.toLowerCase();
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return url.toLowerCase();
  const labels = u.hostname.toLowerCase().replace(/^www\d*\./, '').split('.');
  const host = /^[\d.]+$/.test(u.hostname) || u.hostname.startsWith('[') ? u.hostname : labels.reverse().join(',');
  const port = u.port ? `:${u.port}` : '';
  const query = u.search.length > 1 ? `?${u.search.slice(1).split('&').sort().join('&')}` : '';
  return `${host}${port})${u.pathname}${query}`.toLowerCase();
}

/** WARC files under a folder, relative to it, by name; files still being written (`.open`) left out. */
async function warcFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.warc(\.gz)?$/.test(e.name))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}
