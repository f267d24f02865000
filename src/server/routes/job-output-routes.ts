import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { listCheckpoints } from '../../engine/checkpoint-folder.js';
import { readLogPage } from '../../job/log-page.js';
import type { LogPageRequest } from '../../job/log-page-request.js';
import { progressHistory } from '../../job/progress-history.js';
import { readRunRecords } from '../../job/run-record.js';
import { runOutputs } from '../../job/run-outputs.js';
import { urlHistory } from '../../job/url-history.js';
import { HttpProblem, PROBLEM_SCHEMA } from '../http-problem.js';
import type { ServiceContext } from '../service-context.js';
import { ignoreMissing } from '../../util/ignore-missing.js';

const ANY_OBJECT = { type: 'object', additionalProperties: true } as const;
const RUN = { type: 'string', description: 'The run (runs/<timestamp> or <timestamp>); the latest when absent.' } as const;
const LOGS = { crawl: 'crawl.log', 'uri-errors': 'uri-errors.log', 'nonfatal-errors': 'nonfatal-errors.log', 'runtime-errors': 'runtime-errors.log', alerts: 'alerts.log' } as const;

/** What a run left: logs (paged, filtered), reports, progress history; and the job's checkpoints. */
export function jobOutputRoutes(ctx: ServiceContext) {
  /** The job folder and the run asked for (the latest by default); 404 when there is none. */
  const runOf = async (job: string, run: string | undefined) => {
    const dir = await ctx.runner.jobDir(job);
    const records = await readRunRecords(dir);
    const wanted = run === undefined ? records.at(-1) : records.find((r) => r.run === run || r.run === `runs/${run}`);
    if (!wanted) throw new HttpProblem(404, 'Not Found', run === undefined ? `job "${job}" has no run yet` : `job "${job}" has no run "${run}"`);
    return { dir, run: wanted.run, outputs: await runOutputs(dir, wanted.run) };
  };

  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/v1/jobs/:job/logs/:log', {
      schema: {
        summary: 'A page of a run\'s log: the last lines (tail), or lines from a byte offset (from, limit); crawl.log filtered by status, URL ' +
          'substring or SURT prefix', tags: ['outputs'],
        params: { type: 'object', properties: { job: { type: 'string' }, log: { type: 'string', enum: [...Object.keys(LOGS), 'progress-statistics'] } }, required: ['job', 'log'] },
        querystring: {
          type: 'object', additionalProperties: false,
          properties: {
            run: RUN, tail: { type: 'integer', minimum: 1, maximum: 1000 }, before: { type: 'integer', minimum: 0, description: 'With tail: the ' +
              'byte offset the lines end by (a tail page\'s from, to read on backward).' },
            from: { type: 'integer', minimum: 0 }, limit: { type: 'integer', minimum: 1, maximum: 1000 },
            status: { type: 'string', description: 'crawl.log: a fetch status (200, -6) or a class (4xx).' },
            contains: { type: 'string', description: 'A URL substring (other logs: a substring of the line).' },
            surt: { type: 'string', description: 'crawl.log: a SURT prefix of the URL.' },
          },
        },
        response: { 200: ANY_OBJECT, 400: PROBLEM_SCHEMA, 404: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const { job, log } = req.params as { job: string; log: keyof typeof LOGS | 'progress-statistics' };
      const q = req.query as { run?: string; tail?: number; before?: number; from?: number; limit?: number; status?: string; contains?: string; surt?: string };
      const { run, outputs } = await runOf(job, q.run);
      const file = log === 'progress-statistics' ? outputs.progressLog : join(outputs.logsDir, LOGS[log]);
      const request: LogPageRequest = { tail: q.tail ?? (q.from === undefined && q.limit === undefined ? 100 : undefined), before: q.before, from: q.from, limit: q.limit, status: q.status, contains: q.contains, surtPrefix: q.surt };
      return { run, log, ...(await readLogPage(file, request)) };
    });

    app.get('/api/v1/jobs/:job/logs/:log/file', {
      schema: {
        summary: 'A run\'s log whole, as an attachment, streamed (never read into memory)', tags: ['outputs'],
        params: { type: 'object', properties: { job: { type: 'string' }, log: { type: 'string', enum: [...Object.keys(LOGS), 'progress-statistics'] } }, required: ['job', 'log'] },
        querystring: { type: 'object', additionalProperties: false, properties: { run: RUN } },
        response: { 200: { type: 'string' }, 404: PROBLEM_SCHEMA },
      },
    }, async (req, reply) => {
      const { job, log } = req.params as { job: string; log: keyof typeof LOGS | 'progress-statistics' };
      const { run, outputs } = await runOf(job, (req.query as { run?: string }).run);
      const file = log === 'progress-statistics' ? outputs.progressLog : join(outputs.logsDir, LOGS[log]);
      const info = await stat(file).catch(ignoreMissing);
      if (!info?.isFile()) throw new HttpProblem(404, 'Not Found', `run ${run} has no ${log} log`);
      const name = `${job}-${run.split('/').pop()}-${log}.log`;
      return reply.header('content-disposition', `attachment; filename="${name}"`).header('content-length', info.size)
        .type('text/plain; charset=utf-8').send(createReadStream(file, { end: info.size - 1 }));
    });

    app.get('/api/v1/jobs/:job/stats', {
      schema: {
        summary: 'A run\'s progress over time for charts (from its progress-statistics.log), after `since`', tags: ['outputs'],
        params: { type: 'object', properties: { job: { type: 'string' } }, required: ['job'] },
        querystring: { type: 'object', additionalProperties: false, properties: { run: RUN, since: { type: 'string', format: 'date-time' } } },
        response: { 200: ANY_OBJECT, 404: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const q = req.query as { run?: string; since?: string };
      const { run, outputs } = await runOf((req.params as { job: string }).job, q.run);
      return { run, samples: await progressHistory(outputs.progressLog, q.since ? new Date(q.since) : undefined) };
    });

    app.get('/api/v1/jobs/:job/reports', {
      schema: {
        summary: 'The reports of a run', tags: ['outputs'], params: { type: 'object', properties: { job: { type: 'string' } }, required: ['job'] },
        querystring: { type: 'object', additionalProperties: false, properties: { run: RUN } }, response: { 200: ANY_OBJECT, 404: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const { run, outputs } = await runOf((req.params as { job: string }).job, (req.query as { run?: string }).run);
      const names = (await readdir(outputs.reportsDir).catch(() => [] as string[])).filter((n) => !n.startsWith('.')).sort();
      return { run, reports: names.map((name) => ({ name, url: `reports/${encodeURIComponent(name)}?run=${encodeURIComponent(run)}` })) };
    });

    app.get('/api/v1/jobs/:job/reports/:name', {
      schema: {
        summary: 'One report of a run, as an attachment', tags: ['outputs'],
        params: { type: 'object', properties: { job: { type: 'string' }, name: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$' } }, required: ['job', 'name'] },
        querystring: { type: 'object', additionalProperties: false, properties: { run: RUN } }, response: { 200: { type: 'string' }, 404: PROBLEM_SCHEMA },
      },
    }, async (req, reply) => {
      const { job, name } = req.params as { job: string; name: string };
      const { outputs } = await runOf(job, (req.query as { run?: string }).run);
      const file = join(outputs.reportsDir, name);
      const info = await stat(file).catch(ignoreMissing);
      if (!info?.isFile()) throw new HttpProblem(404, 'Not Found', `the run has no report "${name}"`);
      // Reports are served to be saved, never rendered here: report.html holds crawled strings.
      return reply.header('content-disposition', `attachment; filename="${name}"`).header('content-length', info.size)
        .type(name.endsWith('.html') ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8').send(createReadStream(file));
    });

    app.get('/api/v1/jobs/:job/why', {
      schema: {
        summary: 'A URL\'s history in this job, from what it recorded: each crawl.log line (status, time, how it was found), its WARC records ' +
          '(from each run\'s index.cdxj), and the scope decision of the configuration as it is', tags: ['outputs'],
        params: { type: 'object', properties: { job: { type: 'string' } }, required: ['job'] },
        querystring: { type: 'object', required: ['url'], additionalProperties: false, properties: { url: { type: 'string', minLength: 1, maxLength: 8192 } } },
        response: { 200: ANY_OBJECT, 404: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const { job } = req.params as { job: string };
      return urlHistory(await ctx.runner.jobDir(job), (req.query as { url: string }).url);
    });

    app.get('/api/v1/jobs/:job/checkpoints', {
      schema: { summary: 'The job\'s complete checkpoints, oldest ' +
        'first', tags: ['outputs'], params: { type: 'object', properties: { job: { type: 'string' } }, required: ['job'] }, response: { 200: { type: 'array', items: ANY_OBJECT } } },
    }, async (req) => {
      const { job } = req.params as { job: string };
      const dir = await ctx.runner.jobDir(job);
      const records = await readRunRecords(dir);
      const outputs = records.length ? await runOutputs(dir, records.at(-1)!.run) : { checkpointsDir: join(dir, 'checkpoints') };
      return (await listCheckpoints(outputs.checkpointsDir)).map((c) => ({ name: c.stamp.name, takenAt: c.stamp.takenAt, run: c.stamp.runDir, entries: c.stamp.entries }));
    });
  };
}
