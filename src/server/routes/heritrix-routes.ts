import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../service-context.js';

/** Heritrix's REST calls (/engine, /engine/job/{job}), for the scripts operators already have. */
export function heritrixRoutes(_ctx: ServiceContext) {
  return async (_app: FastifyInstance): Promise<void> => {};
}
