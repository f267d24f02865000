import { expect } from 'chai';
import { connectionStringProblem, describeConnection, hasPassword, identifierProblem, quoted } from './postgres-index-options.js';
import { netOps, type IndexOp } from './postgres-index-sql.js';

describe('PostgresIndexReceiver options', () => {
  it('takes lower-case identifiers, optionally schema-qualified, and nothing that could carry SQL', () => {
    for (const ok of ['documents', 'site_pages', '_x1', 'search.pages']) expect(identifierProblem(ok, 'the table name'), ok).to.equal(undefined);
    for (const bad of ['Pages', '1pages', 'pages; drop table x', 'a.b.c', 'pa"ges', '', 'x'.repeat(55)]) {
      expect(identifierProblem(bad, 'the table name'), bad).to.match(/is not a plain SQL identifier: the table name must be/);
    }
    expect(quoted('search.pages')).to.equal('"search"."pages"');
  });

  it('names where the index is without its password, from the URL, key=value pairs or the PG* variables', () => {
    const env = { PGHOST: 'db.internal', PGPORT: '5433', PGUSER: 'crawler', PGDATABASE: 'site', PGPASSWORD: 'never-shown' };
    expect(describeConnection('', env)).to.equal('crawler@db.internal:5433/site');
    expect(describeConnection('postgresql://u:secret@h:6000/d', env)).to.equal('u@h:6000/d');
    expect(describeConnection("host=h2 dbname=d2 user=u2 password='p w'", env)).to.equal('u2@h2:5433/d2');
    expect(describeConnection('', {})).to.equal('localhost:5432/(the default database)');
  });

  it('knows a connection string with a password, and refuses one that is neither a URL nor key=value pairs', () => {
    expect(hasPassword('postgresql://u:p@h/d')).to.equal(true);
    expect(hasPassword('postgresql://u@h/d?password=p')).to.equal(true);
    expect(hasPassword('host=h password=p')).to.equal(true);
    expect(hasPassword('postgresql://u@h/d')).to.equal(false);
    expect(hasPassword('host=h user=u')).to.equal(false);
    expect(connectionStringProblem('')).to.equal(undefined);
    expect(connectionStringProblem('host=h')).to.equal(undefined);
    expect(connectionStringProblem('mysql://h/d')).to.match(/^must be a postgresql:\/\/user@host:port\/database URL/);
  });
});

describe('a batch\'s net effect (netOps)', () => {
  const row = (url: string, text: string) => ({ url, title: null, text, attributes: {}, fetchTime: '2024-01-01T00:00:00.000Z', digest: null });

  it('keeps one operation per URL: the last upsert or delete, a touch folded into an upsert before it, a touch after a delete dropped', () => {
    const ops: IndexOp[] = [
      { op: 'upsert', row: row('a', 'v1') }, { op: 'upsert', row: row('a', 'v2') },
      { op: 'upsert', row: row('b', 'v1') }, { op: 'touch', url: 'b', fetchTime: '2024-02-02T00:00:00.000Z' },
      { op: 'upsert', row: row('c', 'v1') }, { op: 'delete', url: 'c' }, { op: 'touch', url: 'c', fetchTime: '2024-02-02T00:00:00.000Z' },
      { op: 'delete', url: 'd' }, { op: 'upsert', row: row('d', 'back') },
      { op: 'touch', url: 'e', fetchTime: '2024-03-03T00:00:00.000Z' },
    ];
    const net = netOps(ops);
    expect(net.upserts.map((r) => [r.url, r.text, r.fetchTime])).to.deep.equal([
      ['a', 'v2', '2024-01-01T00:00:00.000Z'], ['b', 'v1', '2024-02-02T00:00:00.000Z'], ['d', 'back', '2024-01-01T00:00:00.000Z'],
    ]);
    expect(net.deletes).to.deep.equal(['c']);
    expect(net.touches).to.deep.equal([{ url: 'e', fetchTime: '2024-03-03T00:00:00.000Z' }]);
  });
});
