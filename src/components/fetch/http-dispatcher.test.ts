import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { lookup } from 'node:dns';
import type { AddressInfo, LookupFunction } from 'node:net';
import request from 'undici/lib/api/api-request.js';
import { destroyDispatcher, httpDispatcher } from './http-dispatcher.js';

describe('destroyDispatcher', () => {
  it('ends the connections and the request still on them with undici\'s ClientDestroyedError, made without a stack', async () => {
    const held: ServerResponse[] = [];
    const server = createServer((_req, res) => void held.push(res));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const options = { soTimeoutMs: 20_000, sslTrustLevel: 'NORMAL', httpProxyHost: '', httpProxyPort: 0, httpProxyUser: '', httpProxyPassword: '' };
      const dispatcher = httpDispatcher(options, lookup as LookupFunction);
      const asked = request.call(dispatcher, { origin, path: '/held', method: 'GET' }).then(() => undefined, (e: unknown) => e);
      // The server holds the request: it is on its connection when the dispatcher is destroyed.
      while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
      const closed = once(held[0].socket!, 'close');
      await destroyDispatcher(dispatcher);
      const error = await asked as Error & { code?: string };
      expect(error).to.be.instanceOf(Error);
      expect(error.code).to.equal('UND_ERR_DESTROYED');
      expect(error.name).to.equal('ClientDestroyedError');
      expect(error.stack, 'the stack names no frame').not.to.include('\n    at ');
      await closed;
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
