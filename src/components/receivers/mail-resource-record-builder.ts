import type { CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { recordDate } from './builder-support.js';

/**
 * A `resource` record (`message/rfc822`) of each mail message fetched over IMAP: its source as
 * the server gave it, under its URL (which never carries a password), whole even when extractors
 * got only its beginning (inMemoryTrunc: the rest is streamed from its scratch file). Folder listings get none.
 */
export class MailResourceRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(curi: CrawlUri): boolean {
    return /^imaps?:/.test(curi.uri) && !curi.listing && curi.fetchStatus >= 200 && curi.fetchStatus < 300 && curi.content !== undefined;
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft | undefined {
    if (curi.content === undefined) return undefined;
    const draft = { type: 'resource', targetUri: curi.uri, date: recordDate(curi), contentType: curi.contentType || 'message/rfc822', fields: [] } as const;
    // A message kept partly in a scratch file is stored whole from there, streamed, with the digest computed as it came.
    const spilled = curi.spilledContent;
    if (spilled !== undefined) return { ...draft, block: [spilled.first, spilled.rest], blockDigest: spilled.sha1 };
    return { ...draft, block: [curi.content] };
  }
}
