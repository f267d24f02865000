import type { FastifyInstance } from 'fastify';
import type { ConfigEdit } from '../../beans/edit/config-edit.js';
import { HttpProblem, PROBLEM_SCHEMA } from '../http-problem.js';
import { configForm, editConfig } from '../job-config.js';
import type { ServiceContext } from '../service-context.js';

const JOB_PARAMS = { type: 'object', properties: { job: { type: 'string' } }, required: ['job'] } as const;
const NAME = { type: 'string', minLength: 1, maxLength: 512 } as const;
const EDIT = {
  oneOf: [
    { type: 'object', additionalProperties: false, required: ['op', 'bean', 'property', 'value'], properties: { op: { const: 'set' }, bean: NAME, property: NAME, value: { type: ['string', 'number', 'boolean'] } }, description: 'A value.' },
    { type: 'object', additionalProperties: false, required: ['op', 'bean', 'property', 'ref'], properties: { op: { const: 'ref' }, bean: NAME, property: NAME, ref: NAME }, description: 'A reference to another top-level bean of the kind the property needs.' },
    { type: 'object', additionalProperties: false, required: ['op', 'bean', 'property'], properties: { op: { const: 'unset' }, bean: NAME, property: NAME }, description: 'Back to the default: the property\'s element removed from the bean.' },
    { type: 'object', additionalProperties: false, required: ['op', 'bean', 'className'], properties: { op: { const: 'class' }, bean: NAME, className: NAME }, description: 'The clip library\'s swap: another component of the kind its references need.' },
  ],
} as const;

/** The job's configuration as forms read and edit it: one value at a time, written where it is in the bean file. */
export function jobConfigRoutes(ctx: ServiceContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/api/v1/jobs/:job/config', {
      schema: {
        summary: 'Every bean of the job as forms show it: its class and kinds, each value in effect with where it comes from (default, the bean ' +
          'file, an override) and where that is written, its references; the ETags of its files; verify\'s problems',
        tags: ['config'], params: JOB_PARAMS, response: { 200: { type: 'object', additionalProperties: true }, 422: PROBLEM_SCHEMA },
      },
    }, async (req) => configForm(await ctx.runner.jobDir((req.params as { job: string }).job), ctx.runner.options.confinement));

    app.patch('/api/v1/jobs/:job/config', {
      schema: {
        summary: 'One edit of a bean (a value, a reference, back to the default, or another class of the same kind) written into the file at the ' +
          'value\'s own place, the rest of the text untouched; If-Match is the tag of the file it lands in (412 when stale); the answer holds the ' +
          'lines changed and the job\'s verify result',
        tags: ['config'], params: JOB_PARAMS, body: EDIT,
        response: { 200: { type: 'object', additionalProperties: true }, 409: PROBLEM_SCHEMA, 412: PROBLEM_SCHEMA, 422: PROBLEM_SCHEMA },
      },
    }, async (req, reply) => {
      const { job } = req.params as { job: string };
      const dir = await ctx.runner.jobDir(job);
      const ifMatch = req.headers['if-match'];
      if (Array.isArray(ifMatch)) throw new HttpProblem(400, 'Bad Request', 'one If-Match tag: the tag of the file the edit lands in');
      const result = await editConfig(dir, req.body as ConfigEdit, ifMatch, ctx.runner.options.confinement);
      ctx.events.publish(job, 'file', { path: result.file, etag: result.etag });
      const verify = await ctx.runner.verify(job);
      return reply.header('etag', result.etag).send({ ...result, verify });
    });
  };
}
