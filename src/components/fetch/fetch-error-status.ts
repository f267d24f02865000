import { FetchStatus } from '../../model/fetch-status.js';
import { errorCodeOf, sourceErrorStatus } from '../../model/source-error-status.js';

export { errorCodeOf };

/** Set by FetchHttp's connect lookup when the server cache holds no address for the host. */
export const NO_ADDRESS_CODE = 'BEANCRAWL_NO_ADDRESS';

/** Heritrix's status for a failed fetch: -6 no address recorded, else the classification every source shares (-2, -3, -4, -5). */
export function fetchErrorStatus(err: Error): number {
  return errorCodeOf(err) === NO_ADDRESS_CODE ? FetchStatus.DOMAIN_PREREQUISITE_FAILURE : sourceErrorStatus(err);
}
