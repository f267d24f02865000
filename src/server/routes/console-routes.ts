import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { packageRoot } from '../../util/package-root.js';
import { consoleShell, type ConsoleShell } from '../console-shell.js';
import { HttpProblem } from '../http-problem.js';
import { fileInside, VendorFiles, type StaticFile } from '../vendor-files.js';

/** Vendor URLs name a version: the file behind one never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The console's own files change with a build: asked again each time, answered 304 while the same. */
const REVALIDATE = 'no-cache';

const vendor = new VendorFiles();
let shell: ConsoleShell | undefined;

/** The console's folder of compiled modules and styles: dist/src/console of the package. */
export function consoleDir(): string {
  return join(packageRoot(), 'dist', 'src', 'console');
}

/** Answers the console's page (the same for every console URL), with its Content-Security-Policy. */
export function sendConsoleShell(reply: FastifyReply): FastifyReply {
  shell ??= consoleShell(vendor);
  return reply.type('text/html; charset=utf-8').header('content-security-policy', shell.csp).send(shell.html);
}

/**
 * The web console's files, and nothing it could use instead of the API: its page at its URLs
 * (`/` is answered by the engine's routes, after the token exchange), its compiled modules under
 * `/console/`, and the files of the vendor packages under `/vendor/`.
 */
export function consoleRoutes() {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/jobs/*', {
      schema: { summary: 'The console\'s page for a job (the console routes in the browser)', tags: ['console'], hide: true },
    }, async (_req, reply) => sendConsoleShell(reply));

    app.get('/console/*', {
      schema: { summary: 'The console\'s compiled modules and its style sheet', tags: ['console'], hide: true },
    }, async (req, reply) => sendStatic(req, reply, await fileInside(consoleDir(), wildcard(req)), REVALIDATE));

    app.get('/vendor/*', {
      schema: { summary: 'Files of the packages the console loads (Preact, htm, uPlot, CodeMirror), by version', tags: ['console'], hide: true },
    }, async (req, reply) => sendStatic(req, reply, await vendor.file(wildcard(req)), IMMUTABLE));
  };
}

function wildcard(req: FastifyRequest): string {
  return (req.params as { '*': string })['*'];
}

/** A static file with its type and tag (304 when the client has it), or 404. */
function sendStatic(req: FastifyRequest, reply: FastifyReply, file: StaticFile | undefined, cacheControl: string): FastifyReply {
  if (!file) throw new HttpProblem(404, 'Not Found', `no console file ${req.url.split('?')[0]}`);
  reply.header('etag', file.etag).header('cache-control', cacheControl);
  if (req.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.type(file.type).header('content-length', file.size).send(createReadStream(file.path));
}
