import { lookup, type Resolver } from 'node:dns/promises';
import { orAfter } from '../../util/or-after.js';

/** An address found for a host name, with the answer's TTL when the resolver gives one. */
export interface HostAnswer {
  readonly address: string;
  readonly ttlSeconds?: number;
}

/**
 * Why a name did not resolve: `no-such-host` when the answer is definitive (the name does not
 * exist, or has no address), `timeout` when no answer came in time, `error` for anything else
 * (a server failure, no network): those two may go away on a retry.
 */
export interface HostFailure {
  readonly failure: 'no-such-host' | 'timeout' | 'error';
  /** The resolver's own code (ENOTFOUND, ENODATA, ETIMEOUT, ESERVFAIL…). */
  readonly code: string;
}

export type HostLookup = HostAnswer | HostFailure;

export function isFailure(answer: HostLookup): answer is HostFailure {
  return 'failure' in answer;
}

/** Codes that say the name has no address, whichever resolver says it. */
const DEFINITIVE = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'NODATA', 'EAI_NONAME', 'EAI_NODATA']);

function failureOf(e: unknown): HostFailure {
  const code = String((e as NodeJS.ErrnoException)?.code ?? 'error');
  if (DEFINITIVE.has(code)) return { failure: 'no-such-host', code };
  if (code === 'ETIMEOUT' || code === 'TIMEOUT' || code === 'EAI_AGAIN') return { failure: 'timeout', code };
  return { failure: 'error', code };
}

/** A lookup not answered in time. */
const TIMED_OUT: HostFailure = { failure: 'timeout', code: 'ETIMEOUT' };

/**
 * The operating system's resolver (getaddrinfo: hosts files, nsswitch); IPv4 preferred. It
 * cannot be cancelled, so a lookup that does not answer within `timeoutMs` is given up (its
 * thread finishes in the background).
 */
export function systemLookup(name: string, timeoutMs: number): Promise<HostLookup> {
  const answered = lookup(name, { all: true }).then((all): HostLookup => {
    const chosen = all.find((a) => a.family === 4) ?? all[0];
    return chosen ? { address: chosen.address } : { failure: 'no-such-host', code: 'ENODATA' };
  }, failureOf);
  return orAfter(answered, timeoutMs, TIMED_OUT);
}

/** The first A record DNS gives for the name, with its TTL (the resolver's own timeout applies). */
export async function dnsLookup(resolver: Resolver, name: string): Promise<HostLookup> {
  try {
    const [first] = await resolver.resolve4(name, { ttl: true });
    return first ? { address: first.address, ttlSeconds: first.ttl } : { failure: 'no-such-host', code: 'ENODATA' };
  } catch (e) {
    return failureOf(e);
  }
}
