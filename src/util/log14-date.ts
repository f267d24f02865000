/**
 * `2011-06-23T17:12:08Z`: ISO 8601 in UTC to the second, as Heritrix's ArchiveUtils.getLog14Date
 * writes it (progress-statistics.log) and WARC 1.0 wants its WARC-Date.
 */
export function log14Date(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
