import type { CrawlUri } from '../../model/crawl-uri.js';
import type { WarcRecordBuilder, WarcRecordDraft } from '../../model/receiver.js';
import { isHttp, recordDate } from './builder-support.js';
import { USAGE_PREFERENCES, usageMembers } from '../../model/usage-preferences.js';

export const WARC_FIELDS_MIMETYPE = 'application/warc-fields';

/**
 * Heritrix's MetadataRecordBuilder: a `metadata` record (`application/warc-fields`) saying how
 * the URI was reached (`seed:`, or `via`, `hopsFromSeed` and `sourceTag`), `fetchTimeMs`, and one
 * `outlink: <uri> <hop> <context>` line per link found; and the usage preferences that applied to
 * it, when any did (`contentSignal: search=yes, ai-train=no`, `contentUsage: train-ai=n`).
 */
export class MetadataRecordBuilder implements WarcRecordBuilder {
  constructor(readonly config: object = {}) {}

  shouldBuildRecord(curi: CrawlUri): boolean {
    return isHttp(curi.uri);
  }

  buildRecord(curi: CrawlUri): WarcRecordDraft {
    const lines: string[] = [];
    if (curi.isSeed) lines.push('seed:');
    else {
      if (curi.forceFetch) lines.push('force-fetch:');
      if (curi.via) lines.push(`via: ${curi.via}`);
      if (curi.hopsPath) lines.push(`hopsFromSeed: ${curi.hopsPath}`);
      if (curi.sourceTag) lines.push(`sourceTag: ${curi.sourceTag}`);
    }
    if (curi.fetchDurationMs >= 0) lines.push(`fetchTimeMs: ${curi.fetchDurationMs}`);
    const usage = curi.attempt.extra(USAGE_PREFERENCES);
    if (usage?.contentSignal !== undefined) lines.push(`contentSignal: ${usageMembers(usage.contentSignal, ', ')}`);
    if (usage?.contentUsage !== undefined) lines.push(`contentUsage: ${usageMembers(usage.contentUsage, ', ')}`);
    for (const link of curi.outlinks) lines.push(`outlink: ${link.uri} ${link.hop} ${link.context}`);
    return {
      type: 'metadata', targetUri: curi.uri, date: recordDate(curi), contentType: WARC_FIELDS_MIMETYPE, fields: [],
      block: [Buffer.from(anvl(lines), 'utf8')],
    };
  }
}

/** ANVL as Heritrix writes it: one `label: value` line each, CRLF-ended, and a blank line to close. */
export function anvl(lines: readonly string[]): string {
  let s = '';
  for (const line of lines) s += `${line.replace(/[\r\n]+/g, ' ')}\r\n`;
  return `${s}\r\n`;
}
