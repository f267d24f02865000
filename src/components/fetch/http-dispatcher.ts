import type { LookupFunction } from 'node:net';
import type { Dispatcher } from 'undici';
import Agent from 'undici/lib/dispatcher/agent.js';
import Client from 'undici/lib/dispatcher/client.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent.js';
import { ClientDestroyedError } from 'undici/lib/core/errors.js';
import { proxyUri } from './proxy-uri.js';
import { tappedConnect, tappedConnector } from './socket-tap.js';

export interface DispatcherOptions {
  readonly soTimeoutMs: number;
  readonly sslTrustLevel: string;
  readonly httpProxyHost: string;
  readonly httpProxyPort: number;
  readonly httpProxyUser: string;
  readonly httpProxyPassword: string;
  /** Heritrix's httpBindAddress: the local address to connect from; empty lets the system choose. */
  readonly httpBindAddress?: string;
}

/**
 * The largest response head read, in bytes: Node's own default (http.maxHeaderSize), which undici
 * takes when given none, by loading node:http to read it (ten of Node's modules at the first
 * connection of every crawl).
 */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * What FetchHttp sends its requests through. Without a proxy: an Agent with one kept-alive
 * connection per origin, connecting to the address `lookup` gives. With httpProxyHost: undici's
 * ProxyAgent, which sends http requests to the proxy in absolute form (`GET http://host/path`),
 * as Heritrix's HttpClient does, and tunnels https through CONNECT; the proxy resolves names.
 * Every connection a request is read from is tapped (socket-tap), so that the response can be
 * stored as it came off the wire, as Heritrix's Recorder stores it.
 */
export function httpDispatcher(options: DispatcherOptions, lookup: LookupFunction): Dispatcher {
  const { soTimeoutMs: timeout, httpProxyUser: user } = options;
  const rejectUnauthorized = options.sslTrustLevel !== 'OPEN';
  const localAddress = options.httpBindAddress || undefined;
  // undici takes the local address as a client option: in `connect` it would be overwritten.
  if (options.httpProxyHost === '') {
    return new Agent({ connections: 1, maxHeaderSize: MAX_HEADER_BYTES, localAddress, connect: tappedConnect({ lookup, timeout, rejectUnauthorized }) });
  }
  return new ProxyAgent({
    uri: proxyUri(options.httpProxyHost, options.httpProxyPort),
    connections: 1,
    maxHeaderSize: MAX_HEADER_BYTES,
    proxyTunnel: false,
    token: user === '' ? undefined : `Basic ${Buffer.from(`${user}:${options.httpProxyPassword}`, 'utf8').toString('base64')}`,
    proxyTls: { timeout },
    requestTls: { timeout, rejectUnauthorized },
    factory: tappedFactory,
  });
}

/**
 * Ends a dispatcher's connections and any request still on them (FetchHttp stopping), as its
 * `destroy()` does, with the error it would make (ClientDestroyedError) made without a stack: Node
 * formats the stack of the error a socket is destroyed with, and for an error made in the bundle
 * V8 first finds every line end of its 3 MB of source, 5–6 ms of a short crawl's stop.
 */
export function destroyDispatcher(dispatcher: Dispatcher): Promise<void> {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  let destroyed: Error;
  try {
    destroyed = new ClientDestroyedError();
  } finally {
    Error.stackTraceLimit = limit;
  }
  return dispatcher.destroy(destroyed);
}

/** undici's own factory for the ProxyAgent's connections, with the connector it is given tapped. */
function tappedFactory(origin: string | URL, options: object): Dispatcher {
  const given = (options as { connect?: unknown }).connect;
  const tapped = typeof given === 'function' ? { ...options, connect: tappedConnector(given as Parameters<typeof tappedConnector>[0]) } : options;
  return (tapped as { connections?: number }).connections === 1 ? new Client(origin, tapped) : new Pool(origin, tapped);
}
