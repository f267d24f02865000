import type { VerifyProblem } from './api-types.js';

/** An answer of the API that is not a success: its RFC 9457 problem document, read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string | undefined,
    /** Located errors (verify's, create's), when the problem lists them. */
    readonly errors: readonly VerifyProblem[] = [],
    /** What can be done to the job now, when an action was refused for its state. */
    readonly availableActions?: readonly string[],
  ) {
    super(detail ?? title);
  }
}

/** `/api/v1/jobs/NAME`, the name encoded. */
export function jobPath(name: string, rest = ''): string {
  return `/api/v1/jobs/${encodeURIComponent(name)}${rest}`;
}

/**
 * One call of the API: the session cookie rides along (same origin), a body is sent as JSON with
 * any `headers` given (If-Match), and the answer read as JSON (undefined for 204). A failure
 * throws an ApiError with the problem's title, detail and located errors; a network failure
 * throws one with status 0.
 */
export async function api<T>(method: string, path: string, body?: unknown, headers: Readonly<Record<string, string>> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method, credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'No answer', `the service did not answer (${(e as Error).message}); is it still running?`);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) throw problemError(res.status, res.statusText, json, text);
  return json as T;
}

/** The ApiError of an answer that is not a success (its body read as `json`, or `text`). */
export function problemError(status: number, statusText: string, json: unknown, text: string): ApiError {
  const p = (typeof json === 'object' && json !== null ? json : {}) as { title?: unknown; detail?: unknown; errors?: unknown; availableActions?: unknown };
  const errors = Array.isArray(p.errors) ? (p.errors as VerifyProblem[]) : [];
  const actions = Array.isArray(p.availableActions) ? (p.availableActions as string[]) : undefined;
  const title = typeof p.title === 'string' ? p.title : statusText || `HTTP ${status}`;
  const detail = typeof p.detail === 'string' ? p.detail : json === undefined ? text.slice(0, 300) || undefined : undefined;
  if (status === 401) return new ApiError(status, title, 'this browser has no session with the service: open the URL it printed (with ?token=) ' +
    'again', errors, actions);
  return new ApiError(status, title, detail, errors, actions);
}
