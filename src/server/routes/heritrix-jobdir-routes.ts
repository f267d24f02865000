import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JOB_BEAN_FILES } from '../../job/locate-bean-file.js';
import { PROBLEM_XML_TYPE, sendProblem } from '../heritrix-representation.js';
import { HttpProblem, PROBLEM_SCHEMA, PROBLEM_TYPE } from '../http-problem.js';
import { folderEntryPath, jobFileType, MAX_JOB_FILE_BYTES, writeJobFile } from '../job-files.js';
import { problemOf, type RouteError } from '../problem-of.js';
import type { ServiceContext } from '../service-context.js';
import { ignoreMissing } from '../../util/ignore-missing.js';

const FILE_PARAMS = {
  type: 'object',
  properties: { job: { type: 'string', description: 'The job\'s folder name in the jobs folder.' }, '*': { type: 'string', description: 'A path in ' +
    'the job folder.' } },
  required: ['job', '*'],
} as const;
const JOB_PARAMS = { type: 'object', properties: { job: { type: 'string', description: 'The job\'s folder name in the jobs ' +
  'folder.' } }, required: ['job'] } as const;
const PROBLEM = (description: string) => ({ description, content: { [PROBLEM_TYPE]: { schema: PROBLEM_SCHEMA }, [PROBLEM_XML_TYPE]: { schema: { type: 'string' } } } });
const READ_RESPONSES = {
  200: { description: 'The file\'s bytes (typed by its name: XML, JSON, text, or bytes); a folder: its entries as text/uri-list, absolute URLs, a ' +
    'folder\'s ending in /.', content: { 'application/octet-stream': { schema: { type: 'string' } }, 'text/uri-list': { schema: { type: 'string' } } } },
  400: PROBLEM('A path that climbs out, or an absolute one.'), 403: PROBLEM('A dotfile (the service\'s own), or a link that leads ' +
    'out.'), 404: PROBLEM('No such job, file or folder.'),
};

/**
 * Heritrix's file routes, with its credentials (Digest, Basic or the token, as on /engine):
 * `/engine/job/{job}/jobdir/…`, the job's folder (GET any file or folder in it; PUT one of the
 * job's own files: Heritrix's documented `curl -T my-crawler-beans.cxml … /jobdir/crawler-beans.cxml`
 * submits a configuration), and `/engine/jobsdir/…`, the jobs folder (GET only). The links of the
 * job document (primaryConfigUrl, configFiles, crawlLogFileUrl, alertLogFileUrl) point here.
 */
export function heritrixJobdirRoutes(ctx: ServiceContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.setErrorHandler(async (error: RouteError, req, reply) => sendProblem(req, reply, problemOf(error)));
    // A file is stored as the bytes sent, whatever the Content-Type says (curl -T sends none).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_JOB_FILE_BYTES }, (_req, body, done) => done(null, body));
    const base = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

    for (const url of ['/engine/job/:job/jobdir', '/engine/job/:job/jobdir/*']) {
      app.get(url, {
        config: { access: 'heritrix' },
        schema: {
          summary: 'Heritrix\'s jobdir: a file of the job\'s folder (its bean file, sheets, seeds, a run\'s logs, reports and WARCs), or a ' +
            'folder\'s entries', tags: ['heritrix'],
          params: url.endsWith('*') ? FILE_PARAMS : JOB_PARAMS, hide: !url.endsWith('*'), response: READ_RESPONSES,
        },
      }, async (req, reply) => {
        const params = req.params as { job: string; '*'?: string };
        const prefix = `/engine/job/${encodeURIComponent(params.job)}/jobdir`;
        return serve(reply, await ctx.runner.jobDir(params.job), params['*'] ?? '', `${base(req)}${prefix}`, `the job folder of "${params.job}"`);
      });
    }

    app.put('/engine/job/:job/jobdir/*', {
      config: { access: 'heritrix' },
      schema: {
        summary: 'Heritrix\'s configuration upload (curl -T FILE …/jobdir/crawler-beans.cxml): stores one of the job\'s own files (at its top, or ' +
          'sheets/NAME) as the bytes sent. '
          + 'A bean file sent under another of its names (crawler-beans.cxml, .xml, .json) replaces the one the job had: a job keeps one bean file',
        tags: ['heritrix'], params: FILE_PARAMS,
        response: {
          200: { description: 'Stored over the file there was (no body, as Heritrix).', type: 'null' }, 201: { description: 'Stored as a new file ' +
            '(no body).', type: 'null' },
          400: PROBLEM('A path that climbs out, or an absolute one.'), 403: PROBLEM('Not one of the job\'s own files (a run\'s, the state\'s), a ' +
            'dotfile, or a folder.'), 404: PROBLEM('No such job.'),
        },
      },
    }, async (req, reply) => {
      const params = req.params as { job: string; '*': string };
      const dir = await ctx.runner.jobDir(params.job);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { etag, created } = await writeJobFile(dir, params['*'], body);
      if ((JOB_BEAN_FILES as readonly string[]).includes(params['*'])) {
        // The job's other bean file, were there one, would make two: the one sent replaces it.
        await Promise.all(JOB_BEAN_FILES.filter((f) => f !== params['*']).map((f) => rm(join(dir, f), { force: true })));
      }
      ctx.events.publish(params.job, 'file', { path: params['*'], etag });
      return reply.code(created ? 201 : 200).header('etag', etag).send();
    });

    for (const url of ['/engine/jobsdir', '/engine/jobsdir/*']) {
      app.get(url, {
        config: { access: 'heritrix' },
        schema: {
          summary: 'Heritrix\'s jobsdir: a file or folder of the jobs folder, read only (the engine document\'s jobsDirUrl)', tags: ['heritrix'],
          // No params key at all for the bare URL: Fastify warns (FSTWRN001) of one that is undefined.
          ...(url.endsWith('*') ? { params: { type: 'object', properties: { '*': { type: 'string', description: 'A path in the jobs folder.' } } } } : {}),
          hide: !url.endsWith('*'), response: READ_RESPONSES,
        },
      }, async (req, reply) => serve(reply, ctx.jobsDir, (req.params as { '*'?: string })['*'] ?? '', `${base(req)}/engine/jobsdir`, 'the jobs folder'));
    }
  };
}

/** A file (streamed, typed by its name) or a folder's entries, from under `root`. */
async function serve(reply: FastifyReply, root: string, path: string, url: string, what: string): Promise<FastifyReply> {
  const relative = path.replace(/\/+$/, '');
  const full = await folderEntryPath(root, relative, what);
  const info = await stat(full).catch(ignoreMissing);
  if (!info) throw new HttpProblem(404, 'Not Found', `${what} has no "${relative}"`);
  if (info.isDirectory()) {
    const entries = (await readdir(full, { withFileTypes: true })).filter((e) => !e.name.startsWith('.')).sort((a, b) => a.name.localeCompare(b.name));
    const at = relative ? `${url}/${relative.split('/').map(encodeURIComponent).join('/')}` : url;
    const lines = entries.map((e) => `${at}/${encodeURIComponent(e.name)}${e.isDirectory() ? '/' : ''}\r\n`);
    return reply.type('text/uri-list; charset=utf-8').send(lines.join(''));
  }
  if (!info.isFile()) throw new HttpProblem(403, 'Forbidden', `"${relative}" is neither a file nor a folder`);
  return reply.type(jobFileType(full)).header('content-length', info.size).send(createReadStream(full));
}
