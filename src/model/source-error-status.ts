import { FetchStatus } from './fetch-status.js';

/**
 * Errors of a source's server, by code, whatever the source (a web server, PostgreSQL, an IMAP
 * server, Redis): the error's `code` (a socket's, a SQLSTATE, imapflow's), else a code named here
 * after its message. -2 and -3 go back to their queue for another try (frontier maxRetries,
 * retryDelaySeconds), as for every source; -4 is a timeout, not retried, as Heritrix does.
 */
const STATUS_BY_CODE: ReadonlyMap<string, number> = new Map([
  // No connection could be made, or the server takes none now (PostgreSQL starting or shutting down,
  // too many connections; Redis loading its data or without its master).
  ...['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT',
    'CONNECT_TIMEOUT', '57P03', '53300', '08001', '08004', '28P01', '28000', '3D000', 'LOADING', 'MASTERDOWN', 'CLUSTERDOWN', 'TRYAGAIN']
    .map((code) => [code, FetchStatus.CONNECT_FAILED] as const),
  // The connection broke while the answer was awaited or arriving (a server shut down or restarted under it).
  ...['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'CONNECTION_TERMINATED',
    '57P01', '57P02', '08000', '08003', '08006', 'NoConnection', 'EConnectionClosed', 'StateLogout', 'ClosedAfterConnectText', 'ClosedAfterConnectTLS']
    .map((code) => [code, FetchStatus.CONNECT_LOST] as const),
  ...['BEANCRAWL_TIMEOUT', 'ETIMEDOUT', 'ETIMEOUT', 'SOCKET_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', '57014']
    .map((code) => [code, FetchStatus.TIMEOUT] as const),
]);

/** Errors that carry no code, known by their message (node-postgres, ioredis): the code they are given. */
const CODE_BY_MESSAGE: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Connection terminated due to connection timeout|^timeout exceeded when trying to connect/i, 'CONNECT_TIMEOUT'],
  [/^Connection terminated|^Client has encountered a connection error|^Connection is closed/i, 'CONNECTION_TERMINATED'],
  [/^(LOADING|MASTERDOWN|CLUSTERDOWN|TRYAGAIN)\b/, ''],
];

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/** The error's code (`ECONNREFUSED`, `57P03`, `UND_ERR_SOCKET`, …; one named after its message when it has none), or its name. */
export function errorCodeOf(err: unknown): string {
  if (!(err instanceof Error)) return 'Error';
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return code;
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner[0] instanceof Error) return errorCodeOf(inner[0]);
  for (const [pattern, named] of CODE_BY_MESSAGE) {
    const m = pattern.exec(err.message);
    if (m) return named || m[1];
  }
  return err.name || 'Error';
}

/**
 * The status of a fetch that failed with `err`, for every source with a server: -2 no connection
 * (or none taken now), -3 the connection lost, -4 a timeout, else -5. One classification, so that
 * a database or mail server restarting is retried as a web server refusing connections is.
 */
export function sourceErrorStatus(err: unknown): number {
  return errorCodeStatus(errorCodeOf(err));
}

/** sourceErrorStatus of an error known by its code. */
export function errorCodeStatus(code: string): number {
  const status = STATUS_BY_CODE.get(code);
  if (status !== undefined) return status;
  if (TLS_CODE.test(code)) return FetchStatus.CONNECT_FAILED;
  if (/TIMEOUT$/i.test(code)) return FetchStatus.TIMEOUT;
  return FetchStatus.RUNTIME_EXCEPTION;
}
