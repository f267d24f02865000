import { readFile } from 'node:fs/promises';
import { AsyncIterReader } from 'warcio';

/** One ARC v1 record as read: the five fields of its header line, and its content. */
export interface ArcRecordRead {
  readonly url: string;
  readonly ip: string;
  readonly date: string;
  readonly mime: string;
  readonly content: Buffer;
}

/**
 * Reads an ARC v1 file (`.arc` or `.arc.gz`) by the format's description, not beancrawl's code:
 * warcio's stream reader inflates the gzip members (pako, not node's zlib) and gives lines and
 * lengths; each record is a `URL IP DATE MIME LENGTH` line and LENGTH bytes, records being
 * separated by newlines (the `filedesc://` record's length counts its closing one, as Heritrix's).
 * warcio.js itself does not read ARC records yet (its README, "Reading ARC files #5").
 */
export async function readArcFile(path: string): Promise<ArcRecordRead[]> {
  const bytes = await readFile(path);
  const reader = new AsyncIterReader([new Uint8Array(bytes)], path.endsWith('.gz') || path.endsWith('.gz.open') ? 'gzip' : null);
  const records: ArcRecordRead[] = [];
  for (;;) {
    const line = await reader.readline();
    if (line === '') break;
    if (line === '\n') continue;
    const parts = line.replace(/\n$/, '').split(' ');
    const where = `${path}, record ${records.length}`;
    if (parts.length !== 5) throw new Error(`${where}: header line ${JSON.stringify(line)} does not have 5 fields`);
    const [url, ip, date, mime, length] = parts;
    if (!/^\d{14}$/.test(date)) throw new Error(`${where}: Archive-date ${JSON.stringify(date)} is not 14 digits`);
    if (!/^\d+$/.test(length)) throw new Error(`${where}: Archive-length ${JSON.stringify(length)} is not a number`);
    const content = Buffer.from(await reader.readSize(Number(length)));
    if (content.length !== Number(length)) throw new Error(`${where}: ${content.length} bytes of the ${length} announced`);
    records.push({ url, ip, date, mime, content });
  }
  if (records.length === 0 || !records[0].url.startsWith('filedesc://')) throw new Error(`${path}: does not begin with a filedesc:// record`);
  return records;
}
