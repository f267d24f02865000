import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';

/** A builder Heritrix has and beancrawl accepts, whose records cannot arise yet (no whois or FTP fetcher). */
export class NoRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(): boolean {
    return false;
  }

  buildRecord(): WarcRecordDraft | undefined {
    return undefined;
  }
}
