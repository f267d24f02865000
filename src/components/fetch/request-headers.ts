import type { CrawlUri } from '../../model/crawl-uri.js';
import { PREREQ_CONTEXT } from './prerequisite.js';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `[name, value]` of a `Name: value` line, or undefined when it is not one. */
export function parseHeaderLine(line: string): [string, string] | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0) return undefined;
  const name = line.slice(0, colon).trim();
  const value = line.slice(colon + 1).trim();
  return TOKEN.test(name) && !/[\r\n\0]/.test(value) ? [name, value] : undefined;
}

/** `Name: value` lines as a flat `[name, value, ...]` list (lines that are not headers are left out). */
export function flatHeaderLines(lines: readonly string[]): string[] {
  const flat: string[] = [];
  for (const line of lines) {
    const pair = parseHeaderLine(line);
    if (pair !== undefined) flat.push(pair[0], pair[1]);
  }
  return flat;
}

/**
 * The Referer to send: the page the URI was found on, when it is http(s), not for prerequisites,
 * and never an https page for an http URI (RFC 9110 §10.1.3), as Heritrix does.
 */
export function refererFor(curi: CrawlUri, protocol: string): string | undefined {
  const via = curi.via;
  if (via === undefined || curi.viaContext === PREREQ_CONTEXT) return undefined;
  if (via.startsWith('https:')) return protocol === 'http:' ? undefined : via;
  return via.startsWith('http:') ? via : undefined;
}

/**
 * The request head as undici writes it, for WARC request records: the request line, `host` and
 * `connection` (undici's own, lower-cased), then `[name, value, ...]`, each line ending in CRLF,
 * and a blank line.
 */
export function requestHeadOf(target: string, host: string, close: boolean, headers: readonly string[], method = 'GET'): string {
  let head = `${method} ${target} HTTP/1.1\r\nhost: ${host}\r\nconnection: ${close ? 'close' : 'keep-alive'}\r\n`;
  for (let i = 0; i + 1 < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return `${head}\r\n`;
}
