import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);

/** The body after content decoding, and the coding that could not be undone, if any. */
export interface DecodedContent {
  readonly body: Buffer;
  readonly failedCoding?: string;
}

/**
 * Undoes a `Content-Encoding` (gzip, x-gzip, deflate, br; several are undone last first). Output
 * over `maxBytes`, a coding it does not know or data that does not decode leave the body as it
 * came, with the coding named. A body known to be cut short (`cutShort`: lenTrunc, timeTrunc)
 * decodes as far as it goes.
 */
export async function decodeContent(raw: Buffer, contentEncoding: string | undefined, maxBytes: number, cutShort = false): Promise<DecodedContent> {
  if (contentEncoding === undefined || raw.length === 0) return { body: raw };
  const codings = contentEncoding.toLowerCase().split(',');
  let body = raw;
  for (let i = codings.length - 1; i >= 0; i--) {
    const coding = codings[i].trim();
    if (coding === '' || coding === 'identity') continue;
    try {
      body = await decodeOne(coding, body, optionsFor(maxBytes, cutShort));
    } catch {
      return { body: raw, failedCoding: coding };
    }
  }
  return { body };
}

async function decodeOne(coding: string, data: Buffer, options: CodingOptions): Promise<Buffer> {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return gunzip(data, options.zlib);
    case 'deflate':
      // RFC 9110 means zlib-wrapped; some servers send raw deflate.
      return inflate(data, options.zlib).catch(() => inflateRaw(data, options.zlib));
    case 'br':
      return brotliDecompress(data, options.brotli);
    default:
      throw new Error(`unknown content coding ${coding}`);
  }
}

interface CodingOptions {
  readonly zlib: zlib.ZlibOptions;
  readonly brotli: zlib.BrotliOptions;
}

const cached = new Map<number, readonly [CodingOptions, CodingOptions]>();

/** Strict for whole bodies; lenient flushing for cut ones, so that they give what they hold. Built once per limit. */
function optionsFor(maxBytes: number, cutShort: boolean): CodingOptions {
  let pair = cached.get(maxBytes);
  if (pair === undefined) cached.set(maxBytes, (pair = [codingOptions(maxBytes, false), codingOptions(maxBytes, true)]));
  return pair[cutShort ? 1 : 0];
}

function codingOptions(maxOutputLength: number, lenient: boolean): CodingOptions {
  if (!lenient) return { zlib: { maxOutputLength }, brotli: { maxOutputLength } };
  return {
    zlib: { maxOutputLength, finishFlush: zlib.constants.Z_SYNC_FLUSH },
    brotli: { maxOutputLength, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH },
  };
}
