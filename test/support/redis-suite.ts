import { RedisServer } from './redis-server.js';
import { requireServer } from './require-server.js';

/** What a suite of tests on one redis-server has: the server, and what each test leaves to stop. */
export interface RedisSuite {
  readonly server: RedisServer;
  /** Stopped after each test, in order (a failure to stop is ignored). */
  readonly stops: Array<() => Promise<void>>;
}

/**
 * Starts a redis-server for the describe() this is called in (skipped where there is none),
 * stops what each test started after it, and the server after the suite.
 */
export function redisSuite(): RedisSuite {
  const suite = { server: undefined as unknown as RedisServer, stops: [] as Array<() => Promise<void>> };
  before(async function () {
    requireServer(this, 'redis-server');
    suite.server = await RedisServer.create();
  });
  after(async () => suite.server?.close());
  afterEach(async () => {
    for (const stop of suite.stops.splice(0)) await stop().catch(() => undefined);
  });
  return suite;
}
