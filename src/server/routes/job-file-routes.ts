import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JOB_BEAN_FILES } from '../../job/locate-bean-file.js';
import { PROBLEM_SCHEMA } from '../http-problem.js';
import { jobFileType, MAX_JOB_FILE_BYTES, readJobFile, writeJobFile } from '../job-files.js';
import type { ServiceContext } from '../service-context.js';

const FILE_PARAMS = { type: 'object', properties: { job: { type: 'string' }, '*': { type: 'string', description: 'The file\'s path in the job ' +
  'folder: a top-level file or sheets/NAME.' } }, required: ['job', '*'] } as const;

/** The job's own files (bean file, seeds, sheets): list, read with an ETag, write with If-Match. */
export function jobFileRoutes(ctx: ServiceContext) {
  return async (app: FastifyInstance): Promise<void> => {
    // A file is stored as the bytes sent, whatever the Content-Type says.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_JOB_FILE_BYTES }, (_req, body, done) => done(null, body));

    app.get('/api/v1/jobs/:job/files', {
      schema: { summary: 'The job\'s own files: the bean file, the other files at its top, its ' +
        'sheets', tags: ['files'], params: { type: 'object', properties: { job: { type: 'string' } }, required: ['job'] }, response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } } } },
    }, async (req) => {
      const dir = await ctx.runner.jobDir((req.params as { job: string }).job);
      const top = await readdir(dir, { withFileTypes: true });
      const sheets = await readdir(join(dir, 'sheets'), { withFileTypes: true }).catch(() => []);
      return [
        ...top.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => ({ path: e.name, beanFile: (JOB_BEAN_FILES as readonly string[]).includes(e.name) })),
        ...sheets.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => ({ path: `sheets/${e.name}`, beanFile: false })),
      ];
    });

    app.get('/api/v1/jobs/:job/files/*', {
      schema: { summary: 'One of the job\'s files, with its ' +
        'ETag', tags: ['files'], params: FILE_PARAMS, response: { 200: { type: 'string', description: 'The file\'s ' +
        'bytes.' }, 304: { type: 'null', description: 'Not modified (If-None-Match).' }, 403: PROBLEM_SCHEMA, 404: PROBLEM_SCHEMA } },
    }, async (req, reply) => {
      const params = req.params as { job: string; '*': string };
      const file = await readJobFile(await ctx.runner.jobDir(params.job), params['*']);
      if (req.headers['if-none-match'] === file.etag) return reply.code(304).header('etag', file.etag).send();
      return reply.header('etag', file.etag).header('content-disposition', `attachment; ` +
        `filename="${encodeURIComponent(file.path.split('/').pop()!)}"`).type(jobFileType(file.path)).send(file.content);
    });

    app.put('/api/v1/jobs/:job/files/*', {
      schema: {
        summary: 'Store a job file as the bytes sent. If-Match is honoured (a stale tag: 412). A bean file is stored even with errors, and the ' +
          'answer holds its verify result',
        tags: ['files'], params: FILE_PARAMS,
        response: { 200: { type: 'object', additionalProperties: true }, 201: { type: 'object', additionalProperties: true }, 412: PROBLEM_SCHEMA, 403: PROBLEM_SCHEMA },
      },
    }, async (req, reply) => {
      const params = req.params as { job: string; '*': string };
      const dir = await ctx.runner.jobDir(params.job);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.from(typeof req.body === 'string' ? req.body : '');
      const ifMatch = req.headers['if-match'];
      const { etag, created } = await writeJobFile(dir, params['*'], body, Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch);
      ctx.events.publish(params.job, 'file', { path: params['*'], etag });
      // Sheets and the bean file are checked together: any of them can break the job.
      const verify = /\.(xml|cxml|json)$/.test(params['*']) ? await ctx.runner.verify(params.job) : undefined;
      return reply.code(created ? 201 : 200).header('etag', etag).send({ path: params['*'], etag, verify });
    });
  };
}
