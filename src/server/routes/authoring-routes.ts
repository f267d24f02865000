import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AuthoringContext, BeanFormat } from '../../beans/authoring/authoring-context.js';
import type { BeanOutline } from '../../beans/authoring/bean-outline.js';
import { completeAt } from '../../beans/authoring/complete-at.js';
import { completeSetArgument } from '../../beans/authoring/complete-set-argument.js';
import { hoverAt } from '../../beans/authoring/hover-at.js';
import { builtInRegistry } from '../../catalog/catalog.js';
import { classpathResources } from '../../job/classpath-resources.js';
import { locateBeanFile } from '../../job/locate-bean-file.js';
import { verifyJob } from '../../job/verify-job.js';
import { HttpProblem, PROBLEM_SCHEMA } from '../http-problem.js';
import type { ServiceContext } from '../service-context.js';

const ANY_OBJECT = { type: 'object', additionalProperties: true } as const;
const TEXT_BODY = {
  type: 'object', required: ['text', 'offset', 'format'], additionalProperties: false,
  properties: {
    text: { type: 'string', maxLength: 10 * 1024 * 1024, description: 'The file as the editor holds it (saved or not).' },
    offset: { type: 'integer', minimum: 0, description: 'The cursor, in UTF-16 code units from the start.' },
    format: { type: 'string', enum: ['xml', 'json'] },
    job: { type: 'string', description: 'The job the file belongs to: the beans of its other files (imports, the bean file for a sheet) are known too.' },
    path: { type: 'string', description: 'The file\'s path in the job folder (crawler-beans.xml, sheets/NAME.xml).' },
  },
} as const;

/**
 * Completion and hover in bean files, for the console's editor and any other client: the same
 * pure functions (src/beans/authoring) that `beancrawl lsp` serves, over the built-in registry.
 */
export function authoringRoutes(ctx: ServiceContext) {
  let classpath: Promise<string[]> | undefined;
  const resources = () => (classpath ??= classpathResources());

  /** The registry, the package's importable files, and the beans of the job's other files. */
  const contextFor = async (body: { job?: string; path?: string }): Promise<AuthoringContext> => {
    const context = { registry: builtInRegistry(), classpathResources: await resources() };
    if (body.job === undefined) return context;
    const dir = await ctx.runner.jobDir(body.job);
    const editing = body.path === undefined ? undefined : resolve(dir, body.path);
    if (editing !== undefined && !editing.startsWith(dir)) throw new HttpProblem(400, 'Bad Request', `"${body.path}" is not in the job folder`);
    const { graph } = await verifyJob(dir, { confinement: ctx.runner.options.confinement });
    const otherBeans: BeanOutline[] = graph.beans.filter((b) => b.loc.file !== editing);
    return { ...context, otherBeans };
  };

  return async (app: FastifyInstance): Promise<void> => {
    app.post('/api/v1/authoring/complete', {
      schema: {
        summary: 'Completions at the cursor of a bean file or sheet being edited: elements, attributes, class names, properties (inherited ones ' +
          'included), values, compatible bean ids, override keys, classpath imports; best first, each with the range it replaces', tags: ['authoring'],
        body: TEXT_BODY, response: { 200: ANY_OBJECT, 400: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const body = req.body as { text: string; offset: number; format: BeanFormat; job?: string; path?: string };
      return { completions: completeAt(body.text, Math.min(body.offset, body.text.length), body.format, await contextFor(body)) };
    });

    app.post('/api/v1/authoring/hover', {
      schema: {
        summary: 'What the text under the cursor names: a component (description, kinds, aliases), a property (type, default, description, flags), ' +
          'a bean id (its class), an override key', tags: ['authoring'],
        body: TEXT_BODY, response: { 200: ANY_OBJECT, 400: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const body = req.body as { text: string; offset: number; format: BeanFormat; job?: string; path?: string };
      return { hover: hoverAt(body.text, Math.min(body.offset, body.text.length), body.format, await contextFor(body)) ?? null };
    });

    app.post('/api/v1/authoring/complete-set', {
      schema: {
        summary: 'Completions of a `--set bean.path=value` argument (the launch form\'s set lines) against a job\'s bean file', tags: ['authoring'],
        body: {
          type: 'object', required: ['argument', 'offset', 'job'], additionalProperties: false,
          properties: { argument: { type: 'string', maxLength: 100_000 }, offset: { type: 'integer', minimum: 0 }, job: { type: 'string' } },
        },
        response: { 200: ANY_OBJECT, 404: PROBLEM_SCHEMA },
      },
    }, async (req) => {
      const body = req.body as { argument: string; offset: number; job: string };
      const { file } = await locateBeanFile(await ctx.runner.jobDir(body.job));
      const text = await readFile(file, 'utf8');
      const context = { registry: builtInRegistry(), classpathResources: await resources() };
      return { completions: completeSetArgument(body.argument, Math.min(body.offset, body.argument.length), { text, format: file.endsWith('.json') ? 'json' : 'xml' }, context) };
    });
  };
}
