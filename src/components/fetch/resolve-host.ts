import { lookup, Resolver } from 'node:dns/promises';

/** An address found for a host name, with the answer's TTL when the resolver gives one. */
export interface HostAnswer {
  readonly address: string;
  readonly ttlSeconds?: number;
}

/** The operating system's resolver (getaddrinfo: hosts files, nsswitch); IPv4 preferred. Undefined when nothing resolves. */
export async function systemLookup(name: string): Promise<HostAnswer | undefined> {
  try {
    const all = await lookup(name, { all: true });
    const chosen = all.find((a) => a.family === 4) ?? all[0];
    return chosen && { address: chosen.address };
  } catch {
    return undefined;
  }
}

/** The first A record DNS gives for the name, with its TTL. Undefined when there is none. */
export async function dnsLookup(resolver: Resolver, name: string): Promise<HostAnswer | undefined> {
  try {
    const [first] = await resolver.resolve4(name, { ttl: true });
    return first && { address: first.address, ttlSeconds: first.ttl };
  } catch {
    return undefined;
  }
}
