import { extname } from 'node:path';

/** Common extensions (lower-cased, without the dot) and their media types. */
const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html', htm: 'text/html', xhtml: 'application/xhtml+xml', xml: 'application/xml', xsl: 'application/xml',
  txt: 'text/plain', text: 'text/plain', log: 'text/plain', md: 'text/markdown', markdown: 'text/markdown', rst: 'text/x-rst',
  csv: 'text/csv', tsv: 'text/tab-separated-values', css: 'text/css', js: 'text/javascript', mjs: 'text/javascript',
  json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml', ics: 'text/calendar', vcf: 'text/vcard',
  rtf: 'application/rtf', pdf: 'application/pdf', ps: 'application/postscript', eps: 'application/postscript',
  doc: 'application/msword', dot: 'application/msword', xls: 'application/vnd.ms-excel', ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation', epub: 'application/epub+zip', msg: 'application/vnd.ms-outlook',
  eml: 'message/rfc822', mbox: 'application/mbox',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  bmp: 'image/bmp', tif: 'image/tiff', tiff: 'image/tiff', ico: 'image/vnd.microsoft.icon', avif: 'image/avif',
  mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg', flac: 'audio/flac', m4a: 'audio/mp4',
  mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime', avi: 'video/x-msvideo', mkv: 'video/x-matroska',
  zip: 'application/zip', gz: 'application/gzip', tgz: 'application/gzip', bz2: 'application/x-bzip2', xz: 'application/x-xz',
  tar: 'application/x-tar', '7z': 'application/x-7z-compressed', rar: 'application/vnd.rar', jar: 'application/java-archive',
  warc: 'application/warc', woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf', otf: 'font/otf',
  wasm: 'application/wasm', sh: 'application/x-sh', py: 'text/x-python', java: 'text/x-java', c: 'text/x-c', h: 'text/x-c',
  ts: 'text/x-typescript', sql: 'application/sql',
};

/** The media type of folders (freedesktop.org's, as `file --mime-type` gives it). */
export const FOLDER_TYPE = 'inode/directory';

/** A file's media type guessed from its extension (case ignored); `application/octet-stream` when unknown. */
export function contentTypeOf(fileName: string): string {
  return TYPES[extname(fileName).slice(1).toLowerCase()] ?? 'application/octet-stream';
}
