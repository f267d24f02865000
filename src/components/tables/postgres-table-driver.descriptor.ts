// Apart from its class, so that verify does not load pg.
import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const postgresTableDriverComponent = defineComponent({
  name: 'PostgresTableDriver',
  description:
    'Reads PostgreSQL tables for FetchTable (node-postgres): keys in the key columns\' own order a page at a time, and rows by key, each ' +
    'query its own statement with the values as parameters. A listing\'s pages are read in one read-only REPEATABLE READ transaction on ' +
    'a connection of its own (beside the pool), and its last page checks the keys listed against count(*) at that snapshot. No column is ' +
    'read beyond FetchTable\'s maxRowBytes (a prefix through substring). The connection\'s parts a table URL leaves out (host, port, user) ' +
    'and the password come ' +
    'from the standard PGHOST, PGPORT, PGUSER, PGPASSWORD (or PGPASSFILE) variables, so no password is written in a bean file.',
  kinds: ['TableDriver'],
  props: {
    maxConnections: { type: 'integer', default: 2, minimum: 1, description: 'Connections a database keeps open at most (one pool a user, host, ' +
      'port and database).' },
    connectTimeoutMs: { type: 'integer', default: 10_000, minimum: 0, description: 'How long a connection may take to open, ms (0: no limit).' },
    statementTimeoutMs: { type: 'integer', default: 30_000, minimum: 0, description: 'How long one query may run, ms (PostgreSQL\'s ' +
      'statement_timeout; 0: no limit).' },
  },
  load: async (): Promise<ComponentClass> => (await import('./postgres-table-driver.js')).PostgresTableDriver,
});
