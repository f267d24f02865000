import { FetchStatus } from './fetch-status.js';

/** What an error code a failed connection or lookup gave means, in words. */
const CODE_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EHOSTDOWN: 'host down',
  ENETDOWN: 'network down',
  EADDRNOTAVAIL: 'address not available',
  EPIPE: 'connection closed while writing',
  ECONNABORTED: 'connection aborted',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connect timed out',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CLOSED: 'connection closed',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'the body stalled',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the body was shorter than its Content-Length',
  BEANCRAWL_TIMEOUT: 'the fetch took longer than allowed',
  BEANCRAWL_NO_ADDRESS: 'no address recorded for the host',
  ENOTFOUND: 'no such host',
  ENODATA: 'no address for the name',
  ETIMEOUT: 'the lookup timed out',
  CONNECTION_TERMINATED: 'connection closed',
  CONNECT_TIMEOUT: 'connect timed out',
  '57P01': 'the database server shut down',
  '57P03': 'the database server takes no connections now (starting or stopping)',
  '57014': 'the query took longer than allowed',
};

/** `connection refused (ECONNREFUSED)`; a TLS failure as such; an unknown code as it is. */
export function errorCodeWords(code: string): string {
  const words = CODE_WORDS[code] ?? (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code) ? 'TLS failure' : undefined);
  return words === undefined ? code : `${words} (${code})`;
}

/** The code an annotation `prefix:CODE` gives, if the URI has one. */
function annotated(annotations: readonly string[], prefix: string): string | undefined {
  const found = annotations.find((a) => a.startsWith(prefix));
  return found?.slice(prefix.length);
}

/**
 * Why a URI that made no fetch of its own failed, in words, from its status and the annotations
 * the fetchers leave (`err:CODE`, `dns:CODE`, `robots:WHY`): `no connection could be made:
 * connection refused (ECONNREFUSED)`. Undefined for a status that is no such failure (an HTTP
 * status, a success, a URI out of scope).
 */
export function failureReason(status: number, annotations: readonly string[]): string | undefined {
  const err = annotated(annotations, 'err:');
  const because = err === undefined ? '' : `: ${errorCodeWords(err)}`;
  switch (status) {
    case FetchStatus.DOMAIN_UNRESOLVABLE: {
      const dns = annotated(annotations, 'dns:');
      return `the host could not be looked up${dns === undefined ? '' : `: ${errorCodeWords(dns)}`}`;
    }
    case FetchStatus.CONNECT_FAILED: return `no connection could be made${because}`;
    case FetchStatus.CONNECT_LOST: return `the connection broke${because}`;
    case FetchStatus.TIMEOUT: return `timed out${because}`;
    case FetchStatus.RUNTIME_EXCEPTION: return `the fetch failed${because}`;
    case FetchStatus.DOMAIN_PREREQUISITE_FAILURE: return 'the host has no address (its DNS lookup failed)';
    case FetchStatus.ROBOTS_PREREQUISITE_FAILURE: {
      const robots = annotated(annotations, 'robots:');
      const why = robots === undefined ? '' : /^\d+$/.test(robots) ? `: it answered ${robots}` : `: ${errorCodeWords(robots)}`;
      return `robots.txt could not be fetched${why}`;
    }
    case FetchStatus.PREREQUISITE_UNSCHEDULABLE_FAILURE: return 'its prerequisite (DNS or robots.txt) could not be had';
    case FetchStatus.EMPTY_RESPONSE: return 'the server answered nothing';
    default: return undefined;
  }
}
