import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { documentContentOf } from '../../model/receiver.js';
import type { extractorCompoundComponent } from './extractor-compound.descriptor.js';
import { compoundKindOf, readCompound, type CompoundRead } from './read-compound.js';
import { COMPOUND } from '../../model/compound.js';
import { mayHaveAttachments } from './may-have-attachments.js';

/** The crawl.log annotation of a compound read only in part. */
export const COMPOUND_TRUNC = 'compoundTrunc';

/** The crawl.log annotation of a compound with elements left out because their bytes are not what it states (CRC-32, sizes): `compoundCorrupt:N`. */
export const COMPOUND_CORRUPT = 'compoundCorrupt';

/** Reads a compound's elements into the try's COMPOUND extra (see the descriptor); the receivers deliver them. */
export class ExtractorCompound extends Processor<typeof extractorCompoundComponent> {
  protected override shouldProcess(curi: CrawlUri): boolean {
    const content = documentContentOf(curi);
    return content !== undefined && compoundKindOf(content, curi.mimeType) !== undefined;
  }

  protected async innerProcess(curi: CrawlUri, c: ConfigOf<typeof extractorCompoundComponent>): Promise<ProcessResult> {
    const content = documentContentOf(curi)!;
    const name = nameOf(curi.uri);
    // A document only the beginning of which its fetcher held in memory (the rest in its scratch file): its elements would be cut or made up.
    // A message that cannot have any (one part of text, as its head says) is read as ever: it has none.
    const inPart = curi.annotations.includes(IN_MEMORY_TRUNC) && !(compoundKindOf(content, curi.mimeType) === 'message' && !mayHaveAttachments(content));
    const read = inPart ? partOnly(content.length) : await readCompound(content, name, c, curi.mimeType);
    curi.attempt.setExtra(COMPOUND, { elements: read.elements, complete: read.complete });
    if (read.problems.length > 0) {
      curi.annotations.push(COMPOUND_TRUNC);
      this.config.loggerModule?.alert?.('WARNING', `compound ${curi.uri} read in part (${read.elements.length} elements kept): ${read.problems.join('; ')}`);
    }
    if (read.corruptCount > 0) {
      curi.annotations.push(`${COMPOUND_CORRUPT}:${read.corruptCount}`);
      const more = read.corruptCount > read.corrupt.length ? `; and ${read.corruptCount - read.corrupt.length} more` : '';
      this.config.loggerModule?.alert?.('WARNING', `compound ${curi.uri}: ${read.corruptCount} element(s) left out, their bytes not what the ` +
        `archive states (the other ${read.elements.length} kept): ${read.corrupt.join('; ')}${more}`);
    }
    return PROCEED;
  }
}

/** The annotation of a document of which extractors get only the first bytes (a fetcher's recorderInBufferBytes; the WARC record holds it all). */
const IN_MEMORY_TRUNC = 'inMemoryTrunc';

/** No elements of a compound held in memory only in part. */
function partOnly(bytes: number): CompoundRead {
  const problem = `only its first ${bytes} bytes are held in memory (inMemoryTrunc, past the fetcher's maxBodyInMemoryBytes): its elements are not read`;
  return { elements: [], complete: false, problems: [problem], corrupt: [], corruptCount: 0 };
}

/** The container's own name: the last segment of its URL's path (a gzip member without a stored name is named after it). */
function nameOf(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname.split('/').pop() || 'content');
  } catch {
    return 'content';
  }
}
