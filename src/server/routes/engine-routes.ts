import type { FastifyInstance } from 'fastify';
import type { ComponentInfo } from '../../wire/component-info.js';
import { beanFileSchema } from '../../beans/schema/bean-file-schema.js';
import { builtInRegistry } from '../../catalog/catalog.js';
import { profileNames } from '../../job/create-job.js';
import { VERSION } from '../../util/version.js';
import { SESSION_COOKIE } from '../access-guard.js';
import { HttpProblem } from '../http-problem.js';
import { profilesDir } from '../job-summaries.js';
import { jobSummaries } from '../job-summaries.js';
import type { ServiceContext } from '../service-context.js';
import { sendConsoleShell } from './console-routes.js';
import { KEY_DIRECTORY_MEDIA_TYPE, KEY_DIRECTORY_PATH } from '../../util/http-signatures/key-directory.js';
import { publishedKeyDirectory } from '../published-key-directory.js';

const ANY_OBJECT = { type: 'object', additionalProperties: true } as const;

/** The engine: the token exchange at `/` (then the console's page), the engine's summary, the bean-file schema, the components, the OpenAPI document. */
export function engineRoutes(ctx: ServiceContext, openapi: () => object) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/', {
      config: { access: 'public' },
      schema: { summary: 'Trade the printed token for a session cookie (?token=), then the web ' +
        'console', tags: ['engine'], querystring: { type: 'object', properties: { token: { type: 'string' } } }, hide: true },
    }, async (req, reply) => {
      const { token } = req.query as { token?: string };
      if (token !== undefined) {
        const session = ctx.guard.openSession({ method: req.method, headers: req.headers, ip: req.ip }, token);
        if (!session) throw new HttpProblem(401, 'Unauthorized', 'that is not the token this service printed');
        reply.header('set-cookie', `${SESSION_COOKIE}=${session}; Path=/; HttpOnly; SameSite=Strict${ctx.tls ? '; Secure' : ''}`);
        return reply.code(303).header('location', '/').send();
      }
      ctx.guard.check({ method: req.method, headers: req.headers, ip: req.ip }, 'api');
      return sendConsoleShell(reply);
    });

    app.get(KEY_DIRECTORY_PATH, {
      config: { access: 'public' },
      schema: { summary: 'The Web Bot Auth key directory, public: the public keys of every job\'s keys/ folder (beancrawl keys JOB) as one JWKS, ' +
        `with Content-Type ${KEY_DIRECTORY_MEDIA_TYPE}; 404 when no job has keys`, tags: ['engine'], response: { 200: ANY_OBJECT, 404: ANY_OBJECT } },
    }, async (_req, reply) => {
      const directory = await publishedKeyDirectory(ctx.jobsDir);
      if (directory === undefined) throw new HttpProblem(404, 'Not Found', 'no job of this service has a key directory (make one with beancrawl keys JOB)');
      return reply.type(KEY_DIRECTORY_MEDIA_TYPE).header('cache-control', 'max-age=300').send(directory);
    });

    app.get('/api/v1/engine', {
      schema: { summary: 'The engine: version, jobs folder, profiles, and every job with its state, last run and next scheduled ' +
        'run', tags: ['engine'], response: { 200: ANY_OBJECT } },
    }, async () => ({
      version: VERSION, jobsDir: ctx.jobsDir, profiles: await profileNames([profilesDir(ctx.jobsDir)]), jobs: await jobSummaries(ctx),
    }));

    app.get('/api/v1/schema', {
      schema: { summary: 'The JSON Schema of bean files (what `beancrawl schema` prints)', tags: ['engine'], response: { 200: ANY_OBJECT } },
    }, async () => beanFileSchema(builtInRegistry()));

    app.get('/api/v1/components', {
      schema: { summary: 'Every component: its names, description, kinds, properties (type, default, description, overlayable) and ' +
        'references', tags: ['engine'], response: { 200: { type: 'array', items: ANY_OBJECT } } },
    }, async () => builtInRegistry().descriptors().map((d): ComponentInfo => ({
      name: d.name, aliases: d.aliases ?? [], description: d.description, kinds: d.kinds, properties: d.props, references: d.refs ?? {}, constructorArgs: d.constructorArgs, propertyAliases: d.propertyAliases, ignored: d.ignored,
    })));

    app.get('/api/v1/openapi.json', {
      schema: { summary: 'This API as an OpenAPI 3.1 document, generated from the routes\' schemas', tags: ['engine'], response: { 200: ANY_OBJECT } },
    }, async () => openapi());
  };
}
