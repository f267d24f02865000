import type { LookupFunction } from 'node:net';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { proxyUri } from './proxy-uri.js';

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
 * What FetchHttp sends its requests through. Without a proxy: an Agent with one kept-alive
 * connection per origin, connecting to the address `lookup` gives. With httpProxyHost: undici's
 * ProxyAgent, which sends http requests to the proxy in absolute form (`GET http://host/path`),
 * as Heritrix's HttpClient does, and tunnels https through CONNECT; the proxy resolves names.
 */
export function httpDispatcher(options: DispatcherOptions, lookup: LookupFunction): Dispatcher {
  const { soTimeoutMs: timeout, httpProxyUser: user } = options;
  const rejectUnauthorized = options.sslTrustLevel !== 'OPEN';
  const localAddress = options.httpBindAddress || undefined;
  // undici takes the local address as a client option: in `connect` it would be overwritten.
  if (options.httpProxyHost === '') return new Agent({ connections: 1, localAddress, connect: { lookup, timeout, rejectUnauthorized } });
  return new ProxyAgent({
    uri: proxyUri(options.httpProxyHost, options.httpProxyPort),
    connections: 1,
    proxyTunnel: false,
    token: user === '' ? undefined : `Basic ${Buffer.from(`${user}:${options.httpProxyPassword}`, 'utf8').toString('base64')}`,
    proxyTls: { timeout },
    requestTls: { timeout, rejectUnauthorized },
  });
}
