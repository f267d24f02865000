import swagger from '@fastify/swagger';
import { fastify, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { LogPageRequestError } from '../job/log-page-request.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { VERSION } from '../util/version.js';
import type { RouteAccess } from './access-guard.js';
import { HttpProblem, PROBLEM_TYPE } from './http-problem.js';
import { MAX_JOB_FILE_BYTES } from './job-files.js';
import { engineRoutes } from './routes/engine-routes.js';
import { heritrixRoutes } from './routes/heritrix-routes.js';
import { jobFileRoutes } from './routes/job-file-routes.js';
import { jobOutputRoutes } from './routes/job-output-routes.js';
import { jobRoutes } from './routes/job-routes.js';
import type { ServiceContext } from './service-context.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (api unless said). */
    access?: RouteAccess;
  }
}

/** TLS for a service bound beyond loopback. */
export interface TlsFiles {
  readonly cert: Buffer;
  readonly key: Buffer;
}

/**
 * The service's HTTP application: every route under /api/v1 (and Heritrix's /engine), each with
 * the schema it is validated by and that /api/v1/openapi.json is generated from; the access
 * guard before every route; errors as RFC 9457 problem documents.
 */
export async function serviceApp(ctx: ServiceContext, tls?: TlsFiles): Promise<FastifyInstance> {
  const app = fastify({
    logger: false, bodyLimit: MAX_JOB_FILE_BYTES, return503OnClosing: true,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
    ...(tls ? { https: { cert: tls.cert, key: tls.key } } : {}),
  }) as unknown as FastifyInstance;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'beancrawl service', version: VERSION, description: 'The crawl engine as a service: jobs, crawls, files, logs and reports of one jobs folder.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token `beancrawl serve` prints (or a session cookie from its URL).' } } },
      security: [{ bearer: [] }],
    },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', async (req: FastifyRequest) => {
    ctx.guard.check({ method: req.method, headers: req.headers, ip: req.ip }, req.routeOptions.config?.access ?? 'api');
  });
  app.addHook('onSend', async (_req, reply: FastifyReply, payload) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer').header('x-frame-options', 'DENY');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    return payload;
  });
  app.setErrorHandler(async (error: Error & { validation?: unknown; statusCode?: number; code?: string }, req, reply) => {
    const problem = error instanceof HttpProblem
      ? error
      : error instanceof BeancrawlError
        ? beancrawlProblem(error)
        : error instanceof LogPageRequestError
          ? new HttpProblem(400, 'Bad Request', error.message)
          : error.validation
        ? new HttpProblem(400, 'Bad Request', error.message, { validation: error.validation })
        : error.statusCode && error.statusCode < 500
          ? new HttpProblem(error.statusCode, error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Content Too Large' : 'Bad Request', error.message)
          : internal(error);
    for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
    return reply.code(problem.status).type(PROBLEM_TYPE).send(problem.body(req.url.split('?')[0]));
  });
  app.setNotFoundHandler(async (req, reply) => {
    const problem = new HttpProblem(404, 'Not Found', `no route ${req.method} ${req.url.split('?')[0]}; GET /api/v1/openapi.json lists them`);
    return reply.code(404).type(PROBLEM_TYPE).send(problem.body());
  });
  await app.register(engineRoutes(ctx, () => app.swagger() as object));
  await app.register(jobRoutes(ctx));
  await app.register(jobFileRoutes(ctx));
  await app.register(jobOutputRoutes(ctx));
  await app.register(heritrixRoutes(ctx));
  return app;
}

/** Codes that are about the state of a job rather than the request's content. */
const CONFLICTS = new Set(['BC_JOB_EXISTS', 'BC_JOB_RUNNING', 'BC_JOB_NOT_RUNNING']);

/** A BeancrawlError (create, copy, explain…) as a problem: its located errors listed as verify lists them. */
function beancrawlProblem(error: BeancrawlError): HttpProblem {
  const first = error.diagnostics[0];
  const status = first?.code === 'BC_JOB_NOT_FOUND' ? 404 : CONFLICTS.has(first?.code ?? '') ? 409 : 422;
  const errors = error.diagnostics.map((d) => ({ code: d.code, message: d.message, file: d.location?.file, line: d.location?.line, column: d.location?.column, bean: d.bean, property: d.property, hints: d.hints }));
  return new HttpProblem(status, status === 404 ? 'Not Found' : status === 409 ? 'Conflict' : 'Unprocessable Content', first?.message ?? error.message, { errors });
}

/** An unexpected failure: reported on the service's stderr with its stack, answered without it. */
function internal(error: Error): HttpProblem {
  process.stderr.write(`beancrawl serve: ${error.stack ?? error.message}\n`);
  return new HttpProblem(500, 'Internal Server Error', error.message);
}
