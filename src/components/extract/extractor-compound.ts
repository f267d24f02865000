import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { documentContentOf } from '../../model/receiver.js';
import type { extractorCompoundComponent } from './extractor-compound.descriptor.js';
import { compoundKindOf, readCompound } from './read-compound.js';
import { COMPOUND } from '../../model/compound.js';

/** The crawl.log annotation of a compound read only in part. */
export const COMPOUND_TRUNC = 'compoundTrunc';

/** Reads a compound's elements into the try's COMPOUND extra (see the descriptor); the receivers deliver them. */
export class ExtractorCompound extends Processor<typeof extractorCompoundComponent> {
  protected override shouldProcess(curi: CrawlUri): boolean {
    const content = documentContentOf(curi);
    return content !== undefined && compoundKindOf(content, curi.mimeType) !== undefined;
  }

  protected async innerProcess(curi: CrawlUri, c: ConfigOf<typeof extractorCompoundComponent>): Promise<ProcessResult> {
    const content = documentContentOf(curi)!;
    const name = nameOf(curi.uri);
    const read = await readCompound(content, name, c, curi.mimeType);
    curi.attempt.setExtra(COMPOUND, { elements: read.elements, complete: read.complete });
    if (!read.complete) {
      curi.annotations.push(COMPOUND_TRUNC);
      this.config.loggerModule?.alert?.('WARNING', `compound ${curi.uri} read in part (${read.elements.length} elements kept): ${read.problems.join('; ')}`);
    }
    return PROCEED;
  }
}

/** The container's own name: the last segment of its URL's path (a gzip member without a stored name is named after it). */
function nameOf(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname.split('/').pop() || 'content');
  } catch {
    return 'content';
  }
}
