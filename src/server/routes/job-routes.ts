import type { FastifyInstance } from 'fastify';
import { createJob } from '../../job/create-job.js';
import { explainJob } from '../../job/explain-job.js';
import { LiveBeans } from '../../job/live-beans.js';
import { verifyJob } from '../../job/verify-job.js';
import { verifyReport } from '../../job/verify-report.js';
import { sseMessage } from '../event-hub.js';
import { HttpProblem, PROBLEM_SCHEMA } from '../http-problem.js';
import { copyJobTo, deleteJob } from '../job-admin.js';
import { jobPage, profilesDir } from '../job-summaries.js';
import type { ServiceContext } from '../service-context.js';
import { verifyDraft } from '../verify-draft.js';

const ANY_OBJECT = { type: 'object', additionalProperties: true } as const;
const JOB_PARAMS = { type: 'object', properties: { job: { type: 'string', description: 'The job\'s folder name in the jobs ' +
  'folder.' } }, required: ['job'] } as const;
const NAME = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$', description: 'A folder name: letters, digits, dot, dash, underscore.' } as const;
const ACTIONS = ['launch', 'pause', 'unpause', 'checkpoint', 'terminate'] as const;
/** Jobs a page of the job list holds unless `limit` says, and at most. */
const DEFAULT_JOBS_LISTED = 1000;
const MAX_JOBS_LISTED = 10_000;
/** Bytes an event stream may hold unsent before its client is taken as gone. */
const MAX_UNSENT = 1024 * 1024;

/** Jobs: list, create, copy, delete; one job's object, verify, actions, explain and its event stream. */
export function jobRoutes(ctx: ServiceContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/v1/jobs', {
      schema: {
        summary: 'The jobs with their state, last run and next scheduled run, by name: a page of at most `limit` (1,000 unless said), after ' +
          'the name `after`, of those in a state of `state` whose name contains `q`. When more follow, a Link header (rel="next") gives the ' +
          'next page\'s URL', tags: ['jobs'],
        querystring: {
          type: 'object', additionalProperties: false,
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: MAX_JOBS_LISTED, default: DEFAULT_JOBS_LISTED },
            after: { type: 'string', maxLength: 255, description: 'The last name of the page before: the list goes on after it.' },
            state: { type: 'string', maxLength: 200, pattern: '^[A-Za-z_]+(,[A-Za-z_]+)*$', description: 'States, comma-separated (NEW, ' +
              'RUNNING, PAUSED, FINISHED, UNFINISHED, QUEUED…), any case.' },
            q: { type: 'string', maxLength: 255, description: 'Only the jobs whose name contains this text (any case).' },
          },
        },
        response: { 200: { type: 'array', items: ANY_OBJECT } },
      },
    }, async (req, reply) => {
      const query = req.query as { limit: number; after?: string; state?: string; q?: string };
      const page = await jobPage(ctx, { limit: query.limit, after: query.after, states: query.state?.split(','), q: query.q });
      if (page.next !== undefined) {
        const next = new URLSearchParams({ limit: String(query.limit), after: page.next });
        if (query.state) next.set('state', query.state);
        if (query.q) next.set('q', query.q);
        reply.header('link', `</api/v1/jobs?${next}>; rel="next"`);
      }
      return page.jobs;
    });

    app.post('/api/v1/jobs', {
      schema: {
        summary: 'Create a job from a profile (Heritrix\'s "create"), with its seeds and contact URL', tags: ['jobs'],
        body: {
          type: 'object', required: ['name'], additionalProperties: false,
          properties: {
            name: NAME, profile: { type: 'string', default: 'default', description: 'A profile name (GET /api/v1/engine lists them).' },
            seeds: { type: 'array', items: { type: 'string' }, description: 'The seed URLs, replacing the profile\'s examples.' },
            contact: { type: 'string', description: 'metadata.operatorContactUrl.' },
          },
        },
        response: { 201: ANY_OBJECT, 409: PROBLEM_SCHEMA, 422: PROBLEM_SCHEMA },
      },
    }, async (req, reply) => {
      const body = req.body as { name: string; profile: string; seeds?: string[]; contact?: string };
      await createJob(ctx.runner.folderOf(body.name), { profile: body.profile, seeds: body.seeds, contact: body.contact, profileDirs: [profilesDir(ctx.jobsDir)] });
      return reply.code(201).header('location', `/api/v1/jobs/${encodeURIComponent(body.name)}`).send(await ctx.runner.status(body.name));
    });

    app.get('/api/v1/jobs/:job', {
      schema: { summary: 'One job: state, availableActions, counts, rates, frontier summary, last verify, run history (what `beancrawl status ' +
        '--json` prints)', tags: ['jobs'], params: JOB_PARAMS, response: { 200: ANY_OBJECT, 404: PROBLEM_SCHEMA } },
    }, async (req) => ctx.runner.status((req.params as { job: string }).job));

    app.delete('/api/v1/jobs/:job', {
      schema: { summary: 'Delete a job folder with its runs, state and checkpoints (409 while it ' +
        'runs)', tags: ['jobs'], params: JOB_PARAMS, response: { 204: { type: 'null' }, 409: PROBLEM_SCHEMA } },
    }, async (req, reply) => {
      await deleteJob(ctx, (req.params as { job: string }).job);
      return reply.code(204).send();
    });

    app.post('/api/v1/jobs/:job/copy', {
      schema: {
        summary: 'Copy the job\'s configuration to a new job, or save it as a profile to create jobs from (Heritrix\'s "copy job" and "as ' +
          'profile")', tags: ['jobs'], params: JOB_PARAMS,
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: NAME, asProfile: { type: 'boolean', default: false } } },
        response: { 201: ANY_OBJECT, 409: PROBLEM_SCHEMA },
      },
    }, async (req, reply) => {
      const { job } = req.params as { job: string };
      const { name, asProfile } = req.body as { name: string; asProfile: boolean };
      const copied = await copyJobTo(ctx, job, name, asProfile);
      if (copied.profile) return reply.code(201).send(copied);
      return reply.code(201).header('location', `/api/v1/jobs/${encodeURIComponent(name)}`).send(await ctx.runner.status(name));
    });

    app.post('/api/v1/jobs/:job/verify', {
      schema: {
        summary: 'Verify the job as it is on disk, or with some of its files replaced by unsaved texts (`files`: nothing is written, and the ' +
          'result is not kept as the job\'s last verify): every error, located (file, line, column, code, bean, property, level, ' +
          'message)', tags: ['jobs'], params: JOB_PARAMS,
        body: {
          type: ['object', 'null'], additionalProperties: false,
          properties: {
            set: { type: 'array', items: { type: 'string' }, description: '`--set` values: bean.path=value.' },
            files: {
              type: 'object', additionalProperties: { type: 'string', maxLength: 10 * 1024 * 1024 }, maxProperties: 100,
              description: 'Unsaved texts of the job\'s own files, by their path in the job folder (crawler-beans.xml, sheets/NAME.xml): the job ' +
                'is verified as if they were saved.',
            },
          },
        },
        response: { 200: ANY_OBJECT, 400: PROBLEM_SCHEMA, 403: PROBLEM_SCHEMA, 404: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const { job } = req.params as { job: string };
      const body = (req.body ?? {}) as { set?: string[]; files?: Record<string, string> };
      if (body.files && Object.keys(body.files).length) {
        return verifyDraft(await ctx.runner.jobDir(job), body.files, body.set ?? [], ctx.runner.options.confinement);
      }
      return ctx.runner.verify(job, body.set ?? []);
    });

    app.post('/api/v1/jobs/:job/actions/:action', {
      schema: {
        summary: 'launch, pause, unpause, checkpoint or terminate (409 with availableActions when not available now; a launch of a job with ' +
          'errors: 422 with them)', tags: ['jobs'],
        params: { type: 'object', properties: { job: { type: 'string' }, action: { type: 'string', enum: [...ACTIONS] } }, required: ['job', 'action'] },
        body: {
          type: ['object', 'null'], additionalProperties: false,
          properties: {
            set: { type: 'array', items: { type: 'string' }, description: 'launch: `--set` values (bean.path=value).' },
            checkpoint: { type: 'string', description: 'launch: start from this checkpoint (its name, or latest).' },
            paused: { type: 'boolean', description: 'launch: start paused.' },
          },
        },
        response: { 200: ANY_OBJECT, 202: ANY_OBJECT, 409: PROBLEM_SCHEMA, 422: PROBLEM_SCHEMA },
      },
    }, async (req, reply) => {
      const { job, action } = req.params as { job: string; action: (typeof ACTIONS)[number] };
      const body = (req.body ?? {}) as { set?: string[]; checkpoint?: string; paused?: boolean };
      if (action === 'launch') {
        const result = await ctx.runner.launch(job, { ...body, reason: 'launched through the API' });
        return reply.code(202).send({ action, result, job: await ctx.runner.status(job) });
      }
      const { checkpoint } = await ctx.runner.control(job, action);
      return { action, checkpoint, job: await ctx.runner.status(job, { verify: false }) };
    });

    app.post('/api/v1/jobs/:job/explain', {
      schema: {
        summary: 'What the job would do with each URL, without fetching it (what `explain --json` prints): while the job runs, its running crawl ' +
          'answers with its values now (`set` is then refused, 409); otherwise the configuration on disk does; each item\'s `from` says which ' +
          '(running-crawl, configuration)', tags: ['jobs'], params: JOB_PARAMS,
        body: { type: 'object', required: ['urls'], additionalProperties: false, properties: { urls: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 1000 }, set: { type: 'array', items: { type: 'string' } } } },
        response: { 200: { type: 'array', items: ANY_OBJECT } },
      },
    }, async (req) => {
      const { urls, set } = req.body as { urls: string[]; set?: string[] };
      return explainJob(await ctx.runner.jobDir((req.params as { job: string }).job), urls, set);
    });

    app.post('/api/v1/jobs/:job/seeds', {
      schema: {
        summary: 'Add seeds to the running crawl (Heritrix\'s action directory): scope rules that take seeds in take them, and each is scheduled ' +
          'unless out of scope or seen before', tags: ['jobs'], params: JOB_PARAMS,
        body: { type: 'object', required: ['urls'], additionalProperties: false, properties: { urls: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10_000 } } },
        response: { 200: ANY_OBJECT, 409: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const { job } = req.params as { job: string };
      const reply = await ctx.runner.ask(job, 'seeds', { urls: (req.body as { urls: string[] }).urls });
      return { seeds: reply.seeds };
    });

    app.get('/api/v1/jobs/:job/queues', {
      schema: {
        summary: 'The running crawl\'s frontier queues: key, state, size, in flight, budget spent, balance, wake time, failed tries and the last ' +
          'try\'s status, last URIs (sorted, a page of at most limit from offset, filtered by state and key)', tags: ['jobs'], params: JOB_PARAMS,
        querystring: {
          type: 'object', additionalProperties: false,
          properties: {
            state: { type: 'string', enum: ['in-process', 'ready', 'snoozed', 'inactive', 'retired', 'exhausted'] },
            sort: { type: 'string', enum: ['size', 'key', 'wake', 'spent', 'errors'], default: 'size' },
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
            offset: { type: 'integer', minimum: 0, default: 0, description: 'How many of the sorted queues to pass over: a page of them.' },
            match: { type: 'string', maxLength: 512, description: 'Only the queues whose key contains this text (any case).' },
          },
        },
        response: { 200: ANY_OBJECT, 409: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const { job } = req.params as { job: string };
      const q = req.query as { state?: string; sort: 'size' | 'key' | 'wake' | 'spent' | 'errors'; limit: number; offset: number; match?: string };
      const reply = await ctx.runner.ask(job, 'queues', q);
      return { total: reply.total, queues: reply.queues };
    });

    app.post('/api/v1/jobs/:job/queues/:key/actions/:action', {
      schema: {
        summary: 'Retire a queue of the running crawl (passed over from now on, its URIs kept), reactivate a retired one (back in line with a ' +
          'fresh budget), or delete its waiting URIs that match `pattern` (a Java regular expression matching the whole URI, as Heritrix\'s ' +
          'deleteURIs: they leave the queue and the state for good)', tags: ['jobs'],
        params: { type: 'object', properties: { job: { type: 'string' }, key: { type: 'string', description: 'The queue\'s key, as GET …/queues ' +
          'gives it.' }, action: { type: 'string', enum: ['retire', 'reactivate', 'delete'] } }, required: ['job', 'key', 'action'] },
        body: { type: ['object', 'null'], additionalProperties: false, properties: { pattern: { type: 'string', minLength: 1, maxLength: 10_000, description: 'delete: which URIs.' } } },
        response: { 200: ANY_OBJECT, 400: PROBLEM_SCHEMA, 409: PROBLEM_SCHEMA, 422: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const { job, key, action } = req.params as { job: string; key: string; action: 'retire' | 'reactivate' | 'delete' };
      const pattern = (req.body as { pattern?: string } | null)?.pattern;
      if (action === 'delete' && pattern === undefined) throw new HttpProblem(400, 'Bad Request', 'delete needs a pattern: {"pattern": "JAVA-REGEX"}');
      const done = await ctx.runner.ask(job, action, { key, pattern });
      const reply = await ctx.runner.ask(job, 'queues', { limit: 1000 });
      return { action, deleted: done.deleted, queue: reply.queues?.find((q) => q.key === key) };
    });

    const beansOf = async (job: string) => {
      const status = await ctx.runner.status(job, { verify: false });
      if (status.running) return { running: true, beans: (await ctx.runner.ask(job, 'beans')).beans ?? [] };
      const result = await verifyJob(await ctx.runner.jobDir(job), { confinement: ctx.runner.options.confinement });
      if (!result.resolved) throw new HttpProblem(422, 'Unprocessable Content', 'the job does not verify: its beans cannot be ' +
        'resolved', { errors: verifyReport(result).errors });
      return { running: false, beans: new LiveBeans(result.resolved, () => undefined, '', '').list() };
    };
    const BEAN_PARAMS = { type: 'object', properties: { job: { type: 'string' }, path: { type: 'string', description: 'A bean id, or ' +
      'bean.property.' } }, required: ['job', 'path'] } as const;

    app.get('/api/v1/jobs/:job/beans', {
      schema: { summary: 'Every bean with its values: the running crawl\'s values now (live changes included), or the resolved values of a job not ' +
        'running; each with the properties that can change while it runs', tags: ['beans'], params: JOB_PARAMS, response: { 200: ANY_OBJECT } },
    }, async (req) => beansOf((req.params as { job: string }).job));

    app.get('/api/v1/jobs/:job/beans/:path', {
      schema: { summary: 'One bean, or one property of it ' +
        '(bean.property)', tags: ['beans'], params: BEAN_PARAMS, response: { 200: ANY_OBJECT, 404: PROBLEM_SCHEMA } },
    }, async (req) => {
      const { job, path } = req.params as { job: string; path: string };
      const { running, beans } = await beansOf(job);
      const [id, property] = splitPath(path, beans.map((b) => b.id));
      const bean = beans.find((b) => b.id === id);
      if (!bean) throw new HttpProblem(404, 'Not Found', `no bean "${id}" in job "${job}"`);
      if (property === undefined) return { running, bean };
      if (!(property in bean.values)) throw new HttpProblem(404, 'Not Found', `bean "${id}" has no value property "${property}"`);
      return { running, bean: id, property, value: bean.values[property], live: bean.live.includes(property) };
    });

    app.patch('/api/v1/jobs/:job/beans/:path', {
      schema: {
        summary: 'Change a property of the running crawl, where its component declares it live (politeness, limits…): checked as verify checks it, ' +
          'applied at once, logged in the run\'s live-changes.jsonl; the answer gives the override line that keeps it', tags: ['beans'],
        params: BEAN_PARAMS,
        body: { type: 'object', required: ['value'], additionalProperties: false, properties: { value: { description: 'The new value, of the ' +
          'property\'s type.' } } },
        response: { 200: ANY_OBJECT, 404: PROBLEM_SCHEMA, 409: PROBLEM_SCHEMA, 422: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const { job, path } = req.params as { job: string; path: string };
      const dot = path.lastIndexOf('.');
      if (dot <= 0) throw new HttpProblem(400, 'Bad Request', `"${path}" names no property: write bean.property`);
      const who = `${req.headers.authorization ? req.headers.authorization.split(' ')[0].toLowerCase() : 'session'}@${req.ip}`;
      const { change } = await ctx.runner.ask(job, 'set', { bean: path.slice(0, dot), property: path.slice(dot + 1), value: (req.body as { value: unknown }).value, who });
      return { change, keep: `the bean file is unchanged: to keep this value for the next launches, add the line ${change!.keep} to its simpleOverrides` };
    });

    let streams = 0;
    app.get('/api/v1/jobs/:job/events', {
      schema: {
        summary: 'Server-Sent Events: a stats tick about every second while the crawl runs, state changes, alerts and action results; ' +
          'Last-Event-ID resumes', tags: ['jobs'], params: JOB_PARAMS,
        response: { 200: { type: 'string', description: 'text/event-stream' }, 503: PROBLEM_SCHEMA },
      },
    }, async (req, reply) => {
      const { job } = req.params as { job: string };
      await ctx.runner.jobDir(job);
      if (ctx.events.closed) throw new HttpProblem(503, 'Service Unavailable', 'the service is stopping');
      if (streams >= ctx.maxEventStreams) throw new HttpProblem(503, 'Service Unavailable', `${streams} event streams are open, the most this ` +
        `service keeps`, {}, { 'retry-after': '5' });
      const last = Number(req.headers['last-event-id'] ?? 0) || 0;
      reply.hijack();
      const res = reply.raw;
      streams++;
      res.writeHead(200, { 'content-type': 'text/event-stream; ' +
        'charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', connection: 'keep-alive' });
      const send = (text: string) => {
        if (res.writableLength > MAX_UNSENT) res.destroy();
        else res.write(text);
      };
      send('retry: 2000\n\n');
      for (const event of ctx.events.since(job, last)) send(sseMessage(event));
      const stop = ctx.events.listen(job, (event) => send(sseMessage(event)));
      const ping = setInterval(() => send(': ping\n\n'), 15_000);
      // The service stopping ends the stream: its server would otherwise wait for the client to go.
      const release = ctx.events.hold(() => res.end());
      res.on('close', () => {
        streams--;
        stop();
        release();
        clearInterval(ping);
      });
    });
  };
}

/** `bean` or `bean.property`: the longest known bean id the path starts with (ids may hold dots). */
function splitPath(path: string, ids: readonly string[]): [string, string | undefined] {
  if (ids.includes(path)) return [path, undefined];
  const dot = path.lastIndexOf('.');
  return dot > 0 ? [path.slice(0, dot), path.slice(dot + 1)] : [path, undefined];
}
