// undici's dispatchers, imported one by one: `import … from 'undici'` loads all of undici (fetch,
// cookies, WebSocket, the mocks, the cache), some 50 ms of a command's start for parts the
// crawler never uses. The package has no exports map, so its files can be imported; their types
// are the package's own.
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}
declare module 'undici/lib/dispatcher/client.js' {
  import type { Client } from 'undici';
  const ClientClass: typeof Client;
  export default ClientClass;
}
declare module 'undici/lib/dispatcher/pool.js' {
  import type { Pool } from 'undici';
  const PoolClass: typeof Pool;
  export default PoolClass;
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  import type { ProxyAgent } from 'undici';
  const ProxyAgentClass: typeof ProxyAgent;
  export default ProxyAgentClass;
}
declare module 'undici/lib/core/connect.js' {
  import type { buildConnector } from 'undici';
  const build: typeof buildConnector;
  export default build;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /**
   * Dispatcher's `request`, which only undici's main module puts on Dispatcher.prototype: called
   * with the dispatcher as `this` (a dispatcher imported alone has no `request` of its own).
   */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
declare module 'undici/lib/core/errors.js' {
  import type { errors } from 'undici';
  const ClientDestroyedError: typeof errors.ClientDestroyedError;
  export { ClientDestroyedError };
}
