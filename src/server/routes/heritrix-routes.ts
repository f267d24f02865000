import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { engineAction, JOB_ACTIONS, jobAction, type EngineForm, type JobForm } from '../heritrix-actions.js';
import { engineDocument } from '../heritrix-engine-doc.js';
import { jobDocument } from '../heritrix-job-doc.js';
import { HeritrixMarks } from '../heritrix-marks.js';
import { PROBLEM_XML_TYPE, sendDocument, sendProblem } from '../heritrix-representation.js';
import { PROBLEM_SCHEMA, PROBLEM_TYPE } from '../http-problem.js';
import { problemOf, type RouteError } from '../problem-of.js';
import type { ServiceContext } from '../service-context.js';

const JOB_PARAMS = { type: 'object', properties: { job: { type: 'string', description: 'The job\'s folder name in the jobs ' +
  'folder.' } }, required: ['job'] } as const;
const DOCUMENT = (what: string) => ({
  description: `${what}, with Heritrix's element names: XML (the default) or JSON, by Accept`,
  content: { 'application/xml': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object', additionalProperties: true } } },
});
const SEE_OTHER = { description: 'Done: See Other, to the resource (curl --location shows its new state).', type: 'null' } as const;
const PROBLEM = (description: string) => ({ description, content: { [PROBLEM_TYPE]: { schema: PROBLEM_SCHEMA }, [PROBLEM_XML_TYPE]: { schema: { type: 'string' } } } });

/**
 * Heritrix's REST calls (/engine, /engine/job/{job}), for the scripts operators already have:
 * Heritrix's form fields in, Heritrix's element names out (XML, or JSON by Accept), every POST
 * answered 303 See Other to the resource it acted on. Credentials come in the Authorization
 * header only (the token as Bearer, or the password file's user by Basic or Digest, as
 * `curl --anyauth -u user:password` sends them). Errors are problem documents: problem+xml when
 * Accept names XML, problem+json otherwise.
 */
export function heritrixRoutes(ctx: ServiceContext) {
  const marks = new HeritrixMarks();
  const base = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
  const seeOther = (req: FastifyRequest, reply: FastifyReply) => reply.code(303).header('location', req.url).send();

  return async (app: FastifyInstance): Promise<void> => {
    // These routes' errors (the access guard's 401 included) answer in the representation asked for.
    app.setErrorHandler(async (error: RouteError, req, reply) => sendProblem(req, reply, problemOf(error)));

    for (const url of ['/engine', '/engine/']) {
      const hide = url.endsWith('/');
      app.get(url, {
        config: { access: 'heritrix' },
        schema: {
          summary: 'Heritrix\'s engine: versions, heap, jobs folder and jobsDirUrl, availableActions, every job (shortName, url, ' +
            'statusDescription, launchCount…) and the profiles', tags: ['heritrix'], hide,
          response: { 200: DOCUMENT('The engine'), 401: PROBLEM('No credential, or a wrong one (the challenge names Digest and Basic with --password-file).') },
        },
      }, async (req, reply) => sendDocument(req, reply, 'engine', await engineDocument(ctx, base(req), marks)));

      app.post(url, {
        config: { access: 'heritrix' },
        schema: {
          summary: 'Heritrix\'s engine actions: create (createpath=NAME, profile), rescan (nothing to do: the folder is read at every request); ' +
            'add is refused (one jobs folder is served)',
          tags: ['heritrix'], hide,
          body: {
            type: 'object', required: ['action'], additionalProperties: true,
            properties: {
              action: { type: 'string', enum: ['create', 'add', 'rescan'] },
              createpath: { type: 'string', description: 'create: the new job\'s folder name.' },
              profile: { type: 'string', description: 'create: a profile (GET /engine lists them); Heritrix\'s "Defaults (XML)" and none are the ' +
                'default profile.' },
              addpath: { type: 'string', description: 'add: refused; move or copy the folder into the jobs folder.' },
            },
          },
          response: { 303: SEE_OTHER, 400: PROBLEM('A form Heritrix would not take.'), 409: PROBLEM('The job exists.'), 422: PROBLEM('An unknown ' +
            'profile, or add.') },
        },
      }, async (req, reply) => {
        await engineAction(ctx, marks, req.body as EngineForm);
        return seeOther(req, reply);
      });
    }

    app.get('/engine/job/:job', {
      config: { access: 'heritrix' },
      schema: {
        summary: 'Heritrix\'s job, every element of its model: crawlControllerState, statusDescription, availableActions, launchCount, ' +
          'primaryConfigUrl, uriTotalsReport, sizeTotalsReport, rateReport, loadReport, elapsedReport, threadReport, frontierReport, log tails, ' +
          'configFiles, checkpointFiles, log URLs, reports; then beancrawl\'s state and last verify',
        tags: ['heritrix'], params: JOB_PARAMS,
        response: { 200: DOCUMENT('The job'), 404: PROBLEM('No such job.') },
      },
    }, async (req, reply) => sendDocument(req, reply, 'job', await jobDocument(ctx, (req.params as { job: string }).job, base(req), marks)));

    app.post('/engine/job/:job', {
      config: { access: 'heritrix' },
      schema: {
        summary: 'Heritrix\'s job actions: build (validate, checkXML, instantiate: a verify, its errors in the job\'s lastVerify), launch ' +
          '(checkpoint=NAME|latest; a finished job: teardown first), pause, unpause, checkpoint, terminate, teardown, delete; or copyTo=NAME[&asProfile=on]',
        tags: ['heritrix'], params: JOB_PARAMS,
        body: {
          type: 'object', additionalProperties: true,
          properties: {
            action: { type: 'string', enum: [...JOB_ACTIONS] },
            checkpoint: { type: 'string', description: 'launch: start from this checkpoint (its name, or latest).' },
            copyTo: { type: 'string', description: 'Heritrix\'s copy job (no action): the new job\'s name.' },
            asProfile: { type: 'string', description: 'With copyTo: on to save a profile of that name instead.' },
          },
        },
        response: {
          303: SEE_OTHER, 404: PROBLEM('No such job.'), 409: PROBLEM('Not available now (with availableActions): pause of a job not running, ' +
            'launch of a running one…'),
          422: PROBLEM('launch: the job has errors (listed, each located); nothing was started.'),
        },
      },
    }, async (req, reply) => {
      const elsewhere = await jobAction(ctx, marks, (req.params as { job: string }).job, req.body as JobForm);
      // A delete or a copy answers with where to look next: the engine, or the new job.
      return elsewhere ? reply.code(303).header('location', elsewhere).send() : seeOther(req, reply);
    });
  };
}
