import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_TYPE, type HttpProblem } from './http-problem.js';
import { toXml, type HeritrixValue } from './heritrix-xml.js';

/** What Heritrix's routes answer in: XML unless the client prefers JSON (Heritrix's third choice, HTML, is not offered). */
export type Representation = 'xml' | 'json';

/** RFC 9457's XML form of a problem document. */
export const PROBLEM_XML_TYPE = 'application/problem+xml';
const PROBLEM_NAMESPACE = 'urn:ietf:rfc:7807';

/**
 * The representation an `Accept` header asks for: JSON when it rates `application/json` above
 * `application/xml` (or `text/xml`), XML otherwise: with no header, for `*\/*`, and for types
 * offered by neither (Heritrix would answer HTML; scripts that parse ask for XML or JSON).
 */
export function representationOf(accept: string | undefined): Representation {
  const ranges = (accept ?? '').split(',').map(parseRange).filter((r) => r !== undefined);
  const json = quality(ranges, 'application', 'json');
  const xml = Math.max(quality(ranges, 'application', 'xml'), quality(ranges, 'text', 'xml'));
  return json > xml ? 'json' : 'xml';
}

/** Sends a Heritrix document (`engine`, `job`) in the representation the request asks for. */
export function sendDocument(req: FastifyRequest, reply: FastifyReply, root: string, doc: HeritrixValue): FastifyReply {
  reply.header('vary', 'Accept');
  if (representationOf(req.headers.accept) === 'json') return reply.type('application/json; charset=utf-8').send(`${JSON.stringify(doc, null, 2)}\n`);
  return reply.type('application/xml; charset=utf-8').send(toXml(root, doc));
}

/** Sends a problem as problem+xml when the request asks for XML, as problem+json otherwise. */
export function sendProblem(req: FastifyRequest, reply: FastifyReply, problem: HttpProblem): FastifyReply {
  for (const [name, value] of Object.entries(problem.headers)) reply.header(name, value);
  const body = problem.body(req.url.split('?')[0]);
  reply.code(problem.status).header('vary', 'Accept');
  if (representationOf(req.headers.accept) === 'json' || !asksForXml(req.headers.accept)) return reply.type(PROBLEM_TYPE).send(body);
  return reply.type(`${PROBLEM_XML_TYPE}; charset=utf-8`).send(toXml('problem', body as HeritrixValue, { itemName: 'i', namespace: PROBLEM_NAMESPACE }));
}

/** Whether an Accept header names XML at all (a problem is JSON unless it does, as on the service's other routes). */
function asksForXml(accept: string | undefined): boolean {
  const ranges = (accept ?? '').split(',').map(parseRange).filter((r) => r !== undefined);
  return ranges.some((r) => r.q > 0 && r.subtype === 'xml' && (r.type === 'application' || r.type === 'text'));
}

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function parseRange(text: string): MediaRange | undefined {
  const [media, ...params] = text.split(';').map((p) => p.trim().toLowerCase());
  const m = /^([a-z0-9!#$&^_.+*-]+)\/([a-z0-9!#$&^_.+*-]+)$/.exec(media ?? '');
  if (!m) return undefined;
  const q = params.map((p) => /^q=([0-9.]+)$/.exec(p)?.[1]).find((v) => v !== undefined);
  const value = q === undefined ? 1 : Number(q);
  return { type: m[1], subtype: m[2], q: Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0 };
}

/** The quality the most specific matching range gives a type (0 when none matches). */
function quality(ranges: readonly MediaRange[], type: string, subtype: string): number {
  const exact = ranges.find((r) => r.type === type && r.subtype === subtype);
  if (exact) return exact.q;
  const anySub = ranges.find((r) => r.type === type && r.subtype === '*');
  if (anySub) return anySub.q;
  return ranges.find((r) => r.type === '*' && r.subtype === '*')?.q ?? 0;
}
