import swagger from '@fastify/swagger';
import { fastify, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { VERSION } from '../util/version.js';
import { accessOfUnrouted, type RouteAccess } from './access-guard.js';
import { clientErrorAnswer, frameworkProblem, SAFE_HEADERS } from './framework-problems.js';
import { HttpProblem, PROBLEM_TYPE } from './http-problem.js';
import { MAX_JOB_FILE_BYTES } from './job-files.js';
import { problemOf, type RouteError } from './problem-of.js';
import { authoringRoutes } from './routes/authoring-routes.js';
import { consoleRoutes } from './routes/console-routes.js';
import { engineRoutes } from './routes/engine-routes.js';
import { heritrixJobdirRoutes } from './routes/heritrix-jobdir-routes.js';
import { heritrixRoutes } from './routes/heritrix-routes.js';
import { jobConfigRoutes } from './routes/job-config-routes.js';
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
    // Errors before any route (a malformed URL, a segment too long, a head too large) are problem documents too.
    frameworkErrors: frameworkProblem, clientErrorHandler: clientErrorAnswer,
    // Job names are up to 128 characters, queue keys (host names) up to 253: the default 100 refused some with 414.
    routerOptions: { maxParamLength: 1000 },
    // allowUnionTypes: a value of several scalar types is `type: [...]`, the one spelling that coercion leaves
    // alone (an anyOf would turn the number 5 into "5" in its string branch); strict mode stays on for the rest.
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true, allowUnionTypes: true } },
    ...(tls ? { https: { cert: tls.cert, key: tls.key } } : {}),
  }) as unknown as FastifyInstance;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'beancrawl service', version: VERSION, description: 'The crawl engine as a service: jobs, crawls, files, logs and reports of ' +
        'one jobs folder.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token `beancrawl serve` prints (or a session ' +
        'cookie from its URL).' } } },
      security: [{ bearer: [] }],
    },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addHook('onRequest', async (req: FastifyRequest) => {
    ctx.guard.check({ method: req.method, headers: req.headers, ip: req.ip }, req.routeOptions.config?.access ?? (req.is404 ? accessOfUnrouted(req.url) : 'api'));
  });
  app.addHook('onSend', async (_req, reply: FastifyReply, payload) => {
    for (const [name, value] of Object.entries(SAFE_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
  app.setErrorHandler(async (error: RouteError, req, reply) => {
    const problem = problemOf(error);
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
  await app.register(jobConfigRoutes(ctx));
  await app.register(jobOutputRoutes(ctx));
  await app.register(heritrixRoutes(ctx));
  await app.register(heritrixJobdirRoutes(ctx));
  await app.register(authoringRoutes(ctx));
  await app.register(consoleRoutes());
  return app;
}
