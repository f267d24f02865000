/**
 * Heritrix's fetch status codes: an HTTP status when a response came, else one of these
 * (heritrix.md §6). crawl.log's second column.
 */
export const FetchStatus = {
  UNATTEMPTED: 0,
  DNS_SUCCESS: 1,
  DOMAIN_UNRESOLVABLE: -1,
  CONNECT_FAILED: -2,
  CONNECT_LOST: -3,
  TIMEOUT: -4,
  RUNTIME_EXCEPTION: -5,
  DOMAIN_PREREQUISITE_FAILURE: -6,
  UNFETCHABLE_URI: -7,
  TOO_MANY_RETRIES: -8,
  DEFERRED: -50,
  PREREQUISITE_UNSCHEDULABLE_FAILURE: -60,
  ROBOTS_PREREQUISITE_FAILURE: -61,
  OTHER_PREREQUISITE_FAILURE: -62,
  PREREQUISITE_UNSCHEDULABLE: -63,
  EMPTY_RESPONSE: -404,
  SERIOUS_ERROR: -3000,
  CHAFF: -4000,
  TOO_MANY_LINK_HOPS: -4001,
  TOO_MANY_EMBED_HOPS: -4002,
  OUT_OF_SCOPE: -5000,
  BLOCKED_BY_USER: -5001,
  BLOCKED_BY_CUSTOM_PROCESSOR: -5002,
  BLOCKED_BY_QUOTA: -5003,
  BLOCKED_BY_RUNTIME_LIMIT: -5004,
  DELETED: -6000,
  PROCESSING_THREAD_KILLED: -7000,
  ROBOTS_PRECLUDED: -9998,
} as const;

/** Statuses that are neither success nor failure and cost no budget (Heritrix's "disregarded"). */
const DISREGARDED = new Set<number>([-9998, -5002, -5000, -5001, -4002, -4001, -6000]);

export function isDisregarded(status: number): boolean {
  return DISREGARDED.has(status);
}
