import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem, PROBLEM_TYPE } from './http-problem.js';

/** The headers every answer of the service carries (service-app.ts adds them to the routes' answers). */
export const SAFE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY', 'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * fastify's `frameworkErrors`: a request its router refuses before any route (a malformed
 * percent-encoding, a path segment over `maxParamLength`) answered as a problem document like
 * every other error, without echoing the URL it could not read.
 */
export function frameworkProblem(error: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply): void {
  const problem = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? new HttpProblem(414, 'URI Too Long', 'a segment of the path is longer than any name the service knows')
    : error.code === 'FST_ERR_BAD_URL'
      ? new HttpProblem(400, 'Bad Request', 'the path is not valid percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8)')
      : new HttpProblem(400, 'Bad Request', 'the request could not be routed');
  void reply.code(problem.status).headers(SAFE_HEADERS).type(PROBLEM_TYPE).send(problem.body());
}

/**
 * The HTTP server's `clientError`: a request Node's parser refused before fastify saw it (a head
 * over 16 KiB, its URL included: 431; a request that took too long: 408; bytes that are not
 * HTTP: 400), answered as a problem document on the raw connection, which is then closed.
 */
export function clientErrorAnswer(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem = error.code === 'HPE_HEADER_OVERFLOW'
    ? new HttpProblem(431, 'Request Header Fields Too Large', 'the request line and headers together are over 16 KiB (a long URL counts)')
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new HttpProblem(408, 'Request Timeout', 'the request did not arrive whole in time')
      : new HttpProblem(400, 'Bad Request', 'the request is not well-formed HTTP/1.1');
  const body = JSON.stringify(problem.body());
  const headers = Object.entries(SAFE_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${problem.status} ${problem.title}\r\ncontent-type: ${PROBLEM_TYPE}; charset=utf-8\r\ncontent-length: ` +
    `${Buffer.byteLength(body)}\r\n${headers}connection: close\r\n\r\n${body}`);
}
