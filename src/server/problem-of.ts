import { LogPageRequestError } from '../job/log-page-request.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { fileErrorProblem } from './file-error-problem.js';
import { HttpProblem } from './http-problem.js';

/** Codes that are about the state of a job rather than the request's content. */
const CONFLICTS = new Set(['BC_JOB_EXISTS', 'BC_JOB_RUNNING', 'BC_JOB_NOT_RUNNING']);

/** What a route's error may carry besides its message: fastify's validation errors and status codes. */
export type RouteError = Error & { validation?: unknown; statusCode?: number; code?: string; syscall?: string };

/**
 * Any error a route or hook throws, as the problem it is answered with: an HttpProblem as it is,
 * a BeancrawlError with its located errors, a request fastify refused (400, 413…), a file system
 * error by its kind (404, 414, 403: file-error-problem.ts), and anything else as a 500 (reported
 * on the service's stderr with its stack, answered without its message, which may name server paths).
 */
export function problemOf(error: RouteError): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error instanceof BeancrawlError) return beancrawlProblem(error);
  if (error instanceof LogPageRequestError) return new HttpProblem(400, 'Bad Request', error.message);
  if (error.validation) return new HttpProblem(400, 'Bad Request', error.message, { validation: error.validation });
  if (error.statusCode && error.statusCode < 500) {
    return new HttpProblem(error.statusCode, error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Content Too Large' : 'Bad Request', error.message);
  }
  return fileErrorProblem(error) ?? internal(error);
}

/** A BeancrawlError (create, copy, explain…) as a problem: its located errors listed as verify lists them. */
function beancrawlProblem(error: BeancrawlError): HttpProblem {
  const first = error.diagnostics[0];
  const status = first?.code === 'BC_JOB_NOT_FOUND' ? 404 : CONFLICTS.has(first?.code ?? '') ? 409 : 422;
  const errors = error.diagnostics.map((d) => ({ code: d.code, message: d.message, file: d.location?.file, line: d.location?.line, column: d.location?.column, bean: d.bean, property: d.property, hints: d.hints }));
  return new HttpProblem(status, status === 404 ? 'Not Found' : status === 409 ? 'Conflict' : 'Unprocessable ' +
    'Content', first?.message ?? error.message, { errors });
}

/** An unexpected failure: reported on the service's stderr with its stack, answered with its code at most (its message may name server paths). */
function internal(error: RouteError): HttpProblem {
  process.stderr.write(`beancrawl serve: ${error.stack ?? error.message}\n`);
  const code = /^[A-Z0-9_]+$/.test(error.code ?? '') ? ` (${error.code})` : '';
  return new HttpProblem(500, 'Internal Server Error', `the service failed${code}; its stderr says how`);
}
