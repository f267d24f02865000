import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { isChunked } from '../../util/transfer-coding.js';
import { writePieces } from './record-pieces.js';
import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { heritrixMirrorFile, type HeritrixMirrorOptions } from './mirror-path.js';
import { MirrorStaging } from './mirror-staging.js';

const NAME = '^[^/]+$';
const PAIRS = 'A list read in pairs (an odd last element is dropped).';

export const mirrorWriterProcessorComponent = defineComponent({
  name: 'MirrorWriterProcessor',
  aliases: ['org.archive.modules.writer.MirrorWriterProcessor'],
  description:
    'Writes each fetched http(s) response\'s body (status above 0, as received: content coding kept, transfer coding removed) to a ' +
    'file named after its URL, laid out as Heritrix\'s MirrorWriterProcessor lays it out but with a folder for each origin ' +
    '(Heritrix\'s host folder leaves the port out, so two sites on one host shared it): `path/scheme_host[_port]/seg/…/name` ' +
    '(`http_127.0.0.1_8080`, `https_example.org`: the port when it is not the scheme\'s default, no `:` so that every file system ' +
    'takes it), the query appended to the name without its `?`, before or after the suffix (suffixAtEnd), directoryFile for a ' +
    'path ending in `/`, names cut by whole `%XX` lumps to maxSegLength, a path too long for maxPathLength under ' +
    'tooLongDirectory, and a number appended where a file stands in the way of a folder or a folder in the way of a file. A ' +
    'file is written beside the mirror (in `path.partial/`) and renamed into place, so it replaces a file of its name whole and ' +
    'a crash never leaves half of one. Put it in the disposition chain.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    path: { type: 'string', default: '${launchId}/mirror', path: true, description: 'The mirror\'s top folder (relative to the job folder; ' +
      '`${launchId}` is the run folder); files are written in `path.partial` first.' },
    directoryFile: { type: 'string', default: 'index.html', minLength: 1, pattern: NAME, description: 'The file name for a URL path ending in `/`.' },
    createHostDirectory: { type: 'boolean', default: true, description: 'A folder for each origin holds its files: `scheme_host`, and `_port` for ' +
      'a port other than the scheme\'s default (the host\'s hostMap name in place of the host; a `_` of the host written `%5F`).' },
    createPortDirectory: { type: 'boolean', default: false, description: 'The origin\'s folder named without its port, and under it, as in ' +
      'Heritrix, a folder named after the port for URLs that name one (not the scheme\'s default).' },
    hostMap: { type: 'array', items: { type: 'string' }, default: [], description: `${PAIRS} A host matching (any case) the first of a pair is ` +
      `written as the second in its origin's folder name: [12.34.56.78, www42.foo.com].` },
    maxPathLength: { type: 'integer', default: 1023, description: 'Longest path of a file, counted from the file system\'s root (the mirror\'s ' +
      'absolute path included).' },
    maxSegLength: { type: 'integer', default: 255, description: 'Longest file or folder name.' },
    suffixAtEnd: { type: 'boolean', default: true, description: 'The suffix goes after the query (`ax=1.html`); false puts it before (`a.htmlx=1`).' },
    tooLongDirectory: {
      type: 'string', default: 'LONG', pattern: '^[^/]', pathUnder: 'path',
      description: 'When a URL\'s folders would make the path too long (maxPathLength less maxSegLength), its file goes into this folder under the ' +
        'host folder instead.',
    },
    characterMap: { type: 'array', items: { type: 'string' }, default: [], description: `${PAIRS} A one-character first element found in the URL's ` +
      `path or query is replaced by the second (Windows: [' ', %20, *, %2A, :, %3A, …]).` },
    contentTypeMap: { type: 'array', items: { type: 'string' }, default: [], description: `${PAIRS} A document whose content type begins (any ` +
      `case) with the first element gets the second as its suffix, in place of the URL's: [text/html, html].` },
    dotBegin: { type: 'string', default: '%2E', minLength: 1, pattern: NAME, description: 'Replaces a `.` beginning a name (`.` keeps it).' },
    dotEnd: { type: 'string', default: '.', minLength: 1, pattern: NAME, description: 'Replaces a `.` ending a folder name (`.` keeps it; Windows: %2E).' },
    underscoreSet: { type: 'array', items: { type: 'string' }, default: [], description: 'Folder names (any case) that get a leading `_` (Windows: ' +
      'con, nul, prn, com1, lpt1, …).' },
    caseSensitiveFilesystem: { type: 'boolean', default: true, description: 'false: names differing only in case are kept apart, as on a ' +
      'case-insensitive file system (each new name looked for in its folder\'s listing).' },
  },
  refs: {
    ...PROCESSOR_REFS,
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Receives write errors (runtime-errors.log); the URI goes on down the chain.' },
  },
  load: async (): Promise<ComponentClass> => MirrorWriterProcessor,
});

type MirrorWriterConfig = ConfigOf<typeof mirrorWriterProcessorComponent>;

/** Pairs of a list, an odd last element dropped (Heritrix's ensurePairs). */
function pairs(list: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < list.length; i += 2) out.push([list[i], list[i + 1]]);
  return out;
}

/** The pair lists and the `.`-means-none values read once, as Heritrix reads them per URI. */
function layoutOptions(c: MirrorWriterConfig): HeritrixMirrorOptions {
  const hostMap = new Map<string, string>();
  // Heritrix reads the pair lists only when they hold at least one pair; the first match wins.
  for (const [from, to] of pairs(c.hostMap)) if (!hostMap.has(from.toLowerCase())) hostMap.set(from.toLowerCase(), to);
  const characterMap = new Map<string, string>();
  for (const [from, to] of pairs(c.characterMap)) if (from.length === 1 && to.length > 0) characterMap.set(from, to);
  const tooLong = c.tooLongDirectory === '' || c.tooLongDirectory.includes('/') ? 'LONG' : c.tooLongDirectory;
  return {
    directoryFile: c.directoryFile, createHostDirectory: c.createHostDirectory, createPortDirectory: c.createPortDirectory,
    maxSegLength: c.maxSegLength, maxPathLength: c.maxPathLength, suffixAtEnd: c.suffixAtEnd, tooLongDirectory: tooLong,
    caseSensitiveFilesystem: c.caseSensitiveFilesystem, characterMap, hostMap,
    dotBegin: c.dotBegin === '.' ? undefined : c.dotBegin,
    dotEnd: c.dotEnd === '.' ? undefined : c.dotEnd,
    contentTypeMap: pairs(c.contentTypeMap).map(([type, suffix]) => [type.toLowerCase(), suffix] as const),
    underscoreSet: new Set(c.underscoreSet.filter((s) => s !== '').map((s) => s.toLowerCase())),
  };
}

/**
 * Heritrix's MirrorWriterProcessor. The frontier never has two URIs of one queue in flight, so the
 * folders of one host are made by one URI at a time (a folder made meanwhile by another is taken
 * as it is, as Heritrix takes it).
 */
export class MirrorWriterProcessor extends Processor<typeof mirrorWriterProcessorComponent> {
  /** It writes outputs only: behind the URI's chain (Processor.writesBehind). */
  protected override get writesBehind(): boolean {
    return true;
  }

  readonly #layout: HeritrixMirrorOptions;
  readonly #staging: MirrorStaging;
  /** Files written in this run. */
  written = 0;

  constructor(config: MirrorWriterConfig) {
    super(config);
    this.#layout = layoutOptions(config);
    this.#staging = new MirrorStaging(config.path);
  }

  /** Empties the folder beside the mirror that files are written in (what a crash left there). */
  start(): Promise<void> {
    return this.#staging.ready();
  }

  /** Removes that folder. */
  stop(): Promise<void> {
    return this.#staging.close();
  }

  /** Heritrix's isSuccess: any status above 0 (a 404 page is written too). */
  protected shouldProcess(curi: CrawlUri): boolean {
    return curi.fetchStatus > 0;
  }

  protected innerProcess(curi: CrawlUri): ProcessResult | Promise<ProcessResult> {
    const body = curi.response?.rawBody;
    if (body === undefined || body.length === 0) return PROCEED;
    return this.#write(curi, body).then(() => PROCEED, (e: unknown) => {
      this.config.loggerModule?.runtimeError(curi, e);
      return PROCEED;
    });
  }

  async #write(curi: CrawlUri, body: Buffer): Promise<void> {
    const file = await heritrixMirrorFile(this.config.path, curi.uri, curi.contentType, this.#layout);
    if (file === undefined) return;
    // A response kept partly on disk (past FetchHttp's recorderInBufferBytes) is streamed from there when its entity is its body (not chunked).
    const received = curi.response?.asReceived;
    if (received?.spilled !== undefined && !isChunked(curi.response?.headers['transfer-encoding'])) {
      const staged = await this.#staging.name();
      const out = createWriteStream(staged);
      await writePieces(out, [received.bytes.subarray(received.headLength), received.spilled]);
      out.end();
      await finished(out);
      await this.#staging.rename(staged, file);
    } else {
      await this.#staging.place(body, file);
    }
    this.written++;
  }
}
