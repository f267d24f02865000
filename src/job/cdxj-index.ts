import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { base32 } from '../util/base32.js';
import { cdxUrlKey } from '../util/url/cdx-url-key.js';
import { readWarcRecords, type WarcRecordRead } from '../util/warc-record-reader.js';

import type { CdxjEntry } from '../wire/url-history.js';
import { writeFileWhole } from '../util/write-file-whole.js';

export type { CdxjEntry };

/** The index file in a run folder. */
export const INDEX_FILE = 'index.cdxj';

/**
 * Indexes every WARC file under `runDir` (`warcs/…`, or wherever the writers put them in it) into
 * `runDir/index.cdxj`, as pywb's own indexer (`wb-manager add`, `cdx-indexer --cdxj --sort`)
 * writes the index of the same files: a line per record but warcinfo, request and
 * `application/warc-fields` records, `key timestamp14 {json}` with the key of the Python `surt`
 * package (cdxUrlKey), pywb's fields in its order (url, mime, status, digest, length, offset,
 * filename), and the file's bare name, as pywb's collections hold WARC files flat in `archive/`;
 * lines sorted as Python sorts strings (by code point: `LC_ALL=C sort`). Returns the lines written.
 */
export async function writeCdxjIndex(runDir: string): Promise<{ path: string; files: number; lines: string[] }> {
  const files = await warcFilesIn(runDir);
  const lines: string[] = [];
  for (const [name, file] of files) {
    for await (const record of readWarcRecords(join(runDir, file))) {
      const line = cdxjLine(record, name);
      if (line) lines.push(line);
    }
  }
  lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const path = join(runDir, INDEX_FILE);
  await writeFileWhole(path, lines.map((l) => `${l}\n`).join(''));
  return { path, files: files.size, lines };
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

/**
 * The path, in the run folder, of the WARC file an index line names: its bare name, as pywb's
 * collections have it (or, in an index written before, its path relative to the run folder).
 */
export async function warcFileOf(runDir: string, filename: string): Promise<string> {
  if (filename.includes('/')) return join(runDir, filename);
  const file = (await warcFilesIn(runDir)).get(filename);
  if (file === undefined) throw new Error(`${runDir}: no WARC file ${filename} (index.cdxj names it; \`beancrawl index\` writes it anew)`);
  return join(runDir, file);
}

/**
 * pywb's index entry of a record, or undefined for a record it leaves out (warcinfo, request,
 * application/warc-fields; none without a target URI). Its fields, empty ones left out as pywb
 * leaves them out: `mime`, the HTTP Content-Type up to `;` or a space (the record's own for a
 * record without an HTTP head, such as a dns: response or a resource; `warc/revisit` for a
 * revisit; `unk` when none); `status`, for response records only (a response without an HTTP
 * head counts as 200, as pywb makes one up for it); `digest`, WARC-Payload-Digest without `sha1:`,
 * computed over the payload (the block after any HTTP head) when the record has none, except for
 * revisits; `length` and `offset` of the record (its gzip member) in the file.
 */
function cdxjLine(record: WarcRecordRead, filename: string): string | undefined {
  const type = record.header.get('warc-type') ?? '';
  const url = record.header.get('warc-target-uri')?.replace(/^<(.*)>$/, '$1');
  const contentType = record.header.get('content-type');
  if (type === 'warcinfo' || type === 'request' || contentType === 'application/warc-fields' || !url) return undefined;
  const http = ['response', 'revisit'].includes(type) && /^https?:/.test(url) ? httpHead(record.block) : undefined;
  const json: Record<string, string | undefined> = { url };
  json.mime = type === 'revisit' ? 'warc/revisit' : mimeOf(http ? http.contentType : contentType);
  if (type === 'metadata' && json.mime === 'text/anvl') return undefined;
  if (type === 'response') json.status = http ? http.status : '200';
  const digest = record.header.get('warc-payload-digest');
  json.digest = digest?.startsWith('sha1:') ? digest.slice(5) : digest;
  if (!json.digest && type !== 'revisit') json.digest = base32(createHash('sha1').update(record.block.subarray(http?.bodyStart ?? 0)).digest());
  Object.assign(json, { length: String(record.length), offset: String(record.offset), filename });
  return `${cdxUrlKey(url)} ${timestamp14(record.header.get('warc-date') ?? '')} ${pythonJson(json)}`;
}

/** The status, Content-Type and end of the HTTP head at the start of a block, when it has one. */
function httpHead(block: Buffer): { status?: string; contentType?: string; bodyStart: number } | undefined {
  const end = block.indexOf('\r\n\r\n');
  const head = block.subarray(0, end === -1 ? Math.min(block.length, 65536) : end).toString('latin1');
  const statusLine = /^HTTP\/1\.[01] +([^\r\n]*)/.exec(head)?.[1];
  if (statusLine === undefined) return undefined;
  const code = statusLine.split(' ')[0];
  const status = !code || (code === '204' && statusLine.includes('Error')) ? undefined : code;
  return { status, contentType: /\r\ncontent-type:[ \t]*([^\r\n]*)/i.exec(head)?.[1].trim(), bodyStart: end === -1 ? block.length : end + 4 };
}

/** A Content-Type's type up to its first `;` or space, as pywb cuts it (case kept); `unk` when there is none. */
function mimeOf(contentType: string | undefined): string {
  return contentType ? contentType.split(/[; ]/, 1)[0] : 'unk';
}

/** A JSON object as Python's json.dumps writes it (`", "` and `": "` between, non-ASCII as \uXXXX), fields without a value or `-` left out. */
function pythonJson(fields: Record<string, string | undefined>): string {
  const pairs = Object.entries(fields).filter(([, v]) => v && v !== '-').map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
  return `{${pairs.join(', ')}}`.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `2026-11-25T21:00:00Z` (or with fractions) → `20261125210000`. */
export function timestamp14(warcDate: string): string {
  return warcDate.replace(/\D/g, '').slice(0, 14).padEnd(14, '0');
}

/** The WARC files under a folder by bare name, each its path relative to the folder; files still being written (`.open`) left out. */
async function warcFilesIn(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && /\.warc(\.gz)?$/.test(e.name))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
  const byName = new Map<string, string>();
  for (const file of files) {
    const name = basename(file);
    const other = byName.get(name);
    if (other !== undefined) throw new Error(`${dir}: two WARC files are named ${name} (${other}, ${file}); an index names files by their bare ` +
      `name, as pywb's collections hold them`);
    byName.set(name, file);
  }
  return byName;
}
