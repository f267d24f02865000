import { expect } from 'chai';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { FetchHistory, FetchHistoryEntry } from '../../model/fetch-history.js';
import { FetchHistoryProcessor, fetchHistoryProcessorComponent } from './fetch-history-processor.js';

const DIGEST = 'sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function judge(deltaCrawl: boolean): FetchHistoryProcessor {
  const { enabled, useChecksum, useETag, useLastModified, changeCondition, historyLength } = fetchHistoryProcessorComponent.props;
  return new FetchHistoryProcessor({
    enabled: enabled.default, useChecksum: useChecksum.default, useETag: useETag.default, useLastModified: useLastModified.default,
    changeCondition: changeCondition.default, historyLength: historyLength.default, shouldProcessRule: undefined,
    fetchHistory: { deltaCrawl, run: 2 } as FetchHistory,
  });
}

/** A 200 with the given ETag and digest, after an earlier 200 the history keeps. */
function refetched(etag: string, digest: string, before: FetchHistoryEntry): CrawlUri {
  const curi = new CrawlUri('http://site.test/page');
  const body = Buffer.from('same');
  curi.response = { statusCode: 200, statusText: 'OK', httpVersion: '1.1', rawHeaders: ['ETag', etag], headers: { etag }, rawBody: body, body, ipAddress: '127.0.0.1' };
  curi.fetchStatus = 200;
  curi.contentType = 'text/html';
  curi.contentSize = body.length;
  curi.contentDigest = digest;
  curi.history = { fetches: [before], document: true, lastSeenRun: 1, lastTriedRun: 1, firstSeenRun: 1, goneCount: 0 };
  return curi;
}

describe(`${FetchHistoryProcessor.name}: Heritrix's revisit annotations`, () => {
  const before: FetchHistoryEntry = { status: 200, fetchTime: 1, etag: '"v1"', digest: DIGEST, size: 4, mimeType: 'text/html' };

  it('annotates the payload of the last capture `duplicate:digest`, the delta verdict following as its own annotation', async () => {
    const same = refetched('"v1"', DIGEST, before);
    const etagMoved = refetched('"v2"', DIGEST, before);
    for (const curi of [same, etagMoved]) expect(await judge(true).process(curi)).to.equal('PROCEED');
    expect(same.annotations).to.deep.equal(['duplicate:digest', 'delta:unchanged']);
    expect(etagMoved.annotations, 'the same bytes whatever the ETag says').to.deep.equal(['duplicate:digest', 'delta:changed']);
  });

  it('annotates outside delta runs too, as Heritrix does, and leaves a new payload alone', async () => {
    const same = refetched('"v1"', DIGEST, before);
    const other = refetched('"v2"', 'sha1:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB', before);
    for (const curi of [same, other]) await judge(false).process(curi);
    expect(same.annotations).to.deep.equal(['duplicate:digest']);
    expect(other.annotations).to.deep.equal([]);
  });
});
