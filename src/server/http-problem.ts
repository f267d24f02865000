/**
 * An error answered as RFC 9457 `application/problem+json`: `status`, a short `title` for the
 * kind of problem, a `detail` for this occurrence, and members of its own (`errors`,
 * `availableActions`…).
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    /** Headers the answer carries (Retry-After, WWW-Authenticate…). */
    readonly headers: Readonly<Record<string, string | readonly string[]>> = {},
  ) {
    super(detail ?? title);
  }

  /** The problem document. */
  body(instance?: string): Record<string, unknown> {
    return { type: 'about:blank', title: this.title, status: this.status, ...(this.detail ? { detail: this.detail } : {}), ...(instance ? { instance } : {}), ...this.extra };
  }
}

export const PROBLEM_TYPE = 'application/problem+json';

/** The JSON Schema of a problem document, for the routes' response schemas (and so for OpenAPI). */
export const PROBLEM_SCHEMA = {
  type: 'object',
  description: 'An RFC 9457 problem document.',
  properties: {
    type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' }, instance: { type: 'string' },
  },
  required: ['title', 'status'],
  additionalProperties: true,
} as const;
