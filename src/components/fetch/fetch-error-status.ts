import { FetchStatus } from '../../model/fetch-status.js';

/** Set by FetchHttp's connect lookup when the server cache holds no address for the host. */
export const NO_ADDRESS_CODE = 'BEANCRAWL_NO_ADDRESS';

const STATUS_BY_CODE: ReadonlyMap<string, number> = new Map([
  // No connection could be made (Heritrix counts a connect timeout and a TLS failure here too).
  ...['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']
    .map((code) => [code, FetchStatus.CONNECT_FAILED] as const),
  // The connection broke while the response was awaited or arriving.
  ...['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH']
    .map((code) => [code, FetchStatus.CONNECT_LOST] as const),
  ...['BEANCRAWL_TIMEOUT', 'ETIMEDOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']
    .map((code) => [code, FetchStatus.TIMEOUT] as const),
  [NO_ADDRESS_CODE, FetchStatus.DOMAIN_PREREQUISITE_FAILURE],
]);

/** The error's code (`ECONNREFUSED`, `UND_ERR_SOCKET`, ...), or its name when it has none. */
export function errorCodeOf(err: Error): string {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code !== '') return code;
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner[0] instanceof Error) return errorCodeOf(inner[0]);
  return err.name || 'Error';
}

/** Heritrix's status for a failed fetch: -2 no connection, -3 connection lost, -4 timeout, -6 no address, else -5. */
export function fetchErrorStatus(err: Error): number {
  const code = errorCodeOf(err);
  const status = STATUS_BY_CODE.get(code);
  if (status !== undefined) return status;
  if (/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code)) return FetchStatus.CONNECT_FAILED;
  return FetchStatus.RUNTIME_EXCEPTION;
}
