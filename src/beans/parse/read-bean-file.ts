import { extname } from 'node:path';
import type { Diagnostic } from '../../util/diagnostic.js';
import { readCapped } from '../../util/read-capped.js';
import { LineIndex, type SourceLocation } from '../../util/source-location.js';
import type { BeanFileModel } from '../definitions/bean-definition.js';
import type { AnonymousIds } from './anonymous-ids.js';

export interface ReadLimits {
  readonly maxBeanFileBytes: number;
  readonly maxNestingDepth: number;
}

export interface ReadResult {
  readonly model?: BeanFileModel;
  readonly diagnostics: Diagnostic[];
}

/**
 * Reads one bean file from disk: size limit, binary check, then the XML or JSON reader (each
 * loaded only when a file of its format appears). `display` is the name used in locations.
 */
export async function readBeanFile(path: string, display: string, limits: ReadLimits, ids: AnonymousIds, unsaved?: string): Promise<ReadResult> {
  const whole = { file: display };
  if (unsaved !== undefined) {
    if (Buffer.byteLength(unsaved) > limits.maxBeanFileBytes) return fail({ code: 'BC_FILE_TOO_LARGE', location: whole, message: `the file holds ` +
      `more than maxBeanFileBytes (${limits.maxBeanFileBytes}) bytes` });
    return readBeanText(path, display, unsaved, limits, ids);
  }
  let bytes: Buffer;
  try {
    const read = await readCapped(path, limits.maxBeanFileBytes);
    if ('refused' in read) return fail({ code: 'BC_FILE_READ', location: whole, message: `${read.refused}: a bean file is read from a file on disk` });
    if ('tooLarge' in read) return fail({ code: 'BC_FILE_TOO_LARGE', location: whole, message: `the file holds more than maxBeanFileBytes ` +
      `(${limits.maxBeanFileBytes}) bytes` });
    bytes = read.bytes;
  } catch (e) {
    return fail({ code: 'BC_FILE_READ', location: whole, message: `cannot read the file: ${describeIoError(e)}` });
  }
  const binary = bytes.subarray(0, 65536).indexOf(0);
  if (binary !== -1) {
    return fail({ code: 'BC_FILE_FORMAT', location: endOf(display, bytes.subarray(0, binary).toString('utf8')), message: `the file is binary (a ` +
      `NUL byte at offset ${binary}), not XML or JSON` });
  }
  return readBeanText(path, display, bytes.toString('utf8'), limits, ids);
}

/** Reads a bean file's text (from disk, or an editor's unsaved text): the XML or JSON reader by its name or first character. */
async function readBeanText(path: string, display: string, whole: string, limits: ReadLimits, ids: AnonymousIds): Promise<ReadResult> {
  const nul = whole.indexOf('\0');
  if (nul !== -1 && nul < 65536) {
    return fail({ code: 'BC_FILE_FORMAT', location: endOf(display, whole.slice(0, nul)), message: `the file is binary (a NUL byte at offset ` +
      `${nul}), not XML or JSON` });
  }
  const text = whole.replace(/^\uFEFF/, '');
  const start = text.search(/\S/);
  if (start === -1) return fail({ code: 'BC_FILE_FORMAT', location: endOf(display, text), message: 'the file is empty: a bean file holds XML ' +
    '(<beans>…</beans>) or JSON ({"beans": …})' });
  const format = formatOf(path, text);
  if (format === 'json') {
    const { readJsonBeanFile } = await import('./json-bean-reader.js');
    return readJsonBeanFile(display, text, limits);
  }
  if (format === 'xml') {
    const { readXmlBeanFile } = await import('./xml-bean-reader.js');
    return readXmlBeanFile(display, text, { maxNestingDepth: limits.maxNestingDepth, ids });
  }
  return fail({ code: 'BC_FILE_FORMAT', location: new LineIndex(display, text).locate(start), message: 'not a bean file: expected XML (starting ' +
    'with "<") or JSON (starting with "{")' });
}

/** The place just after `text`: where a file that holds only `text` ends. */
function endOf(file: string, text: string): SourceLocation {
  return new LineIndex(file, text).locate(text.length);
}

function formatOf(path: string, text: string): 'xml' | 'json' | undefined {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') return 'json';
  if (ext === '.xml' || ext === '.cxml') return 'xml';
  const first = text.trimStart()[0];
  return first === '{' ? 'json' : first === '<' ? 'xml' : undefined;
}

export function describeIoError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': return 'permission denied';
    case 'EISDIR': return 'is a folder';
    default: return err.message ?? String(e);
  }
}

function fail(d: Diagnostic): ReadResult {
  return { diagnostics: [d] };
}
