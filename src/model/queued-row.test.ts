import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { CrawlUri, type QueuedUri } from './crawl-uri.js';
import { QUEUED_FIELD_LIST, ROW_FIELDS } from './queued-fields.js';
import { decodeQueuedRow, encodeQueuedRow } from './queued-row.js';

const URI = 'http://example.org/a';
const QUEUE = 'org,example,';

describe('queued rows', () => {
  // encodeQueuedRow and decodeQueuedRow name each field by hand (for speed): a field of
  // QUEUED_FIELDS added to the list and not to them, or put at another place, fails here.
  for (const f of QUEUED_FIELD_LIST.filter((f) => f.name !== 'uri' && f.name !== 'queueKey')) {
    it(`${f.name}: ${f.inRow ? `written at its place (${ROW_FIELDS.indexOf(f)}) and read back` : 'not written (where the row is stored says it)'}`, () => {
      const record = new CrawlUri(URI, { queueKey: QUEUE, [f.name]: f.sample }).toQueued();
      const row = encodeQueuedRow(record);
      const read = decodeQueuedRow(row, QUEUE) as unknown as Record<string, unknown>;
      if (f.inRow) {
        expect((JSON.parse(row) as unknown[])[ROW_FIELDS.indexOf(f)], row).to.deep.equal(f.toRow(f.sample));
        expect(read[f.name], row).to.deep.equal(f.sample);
      } else {
        expect(row).to.equal(encodeQueuedRow(new CrawlUri(URI).toQueued()));
        expect(read[f.name]).to.equal(undefined);
      }
    });
  }

  it('reads a row, with the key it is stored under, into an object of the same hidden class as a CrawlUri\'s record', () => {
    // A durable frontier holds tens of thousands of rows read back: each with a hidden class (a
    // V8 map and its descriptors, 530 bytes) of its own, as a copy of a read row with its key added
    // had, was 12 MB of a broad crawl's 90 MB heap. V8 says whether two objects share one.
    setFlagsFromString('--allow-natives-syntax');
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
    const record = new CrawlUri(URI, { queueKey: QUEUE, storeKey: `${QUEUE}\u0000aa00001`, via: 'http://example.org/' }).toQueued();
    const read = [1, 2].map((n) => decodeQueuedRow(encodeQueuedRow(record), QUEUE, `${QUEUE}\u0000aa0000${n}`));
    expect(read[0].storeKey).to.equal(`${QUEUE}\u0000aa00001`);
    expect(Object.keys(read[0])).to.deep.equal(Object.keys(record));
    expect(sameMap(read[0], read[1]), 'two rows read').to.equal(true);
    expect(sameMap(read[0], record), 'a row read and a record').to.equal(true);
  });

  it('reads the queue key from where the row was stored', () => {
    expect(decodeQueuedRow(encodeQueuedRow(new CrawlUri(URI, { queueKey: 'other,' }).toQueued()), QUEUE).queueKey).to.equal(QUEUE);
  });

  it('writes a CrawlUri given as it is as it writes its record', () => {
    const curi = new CrawlUri(URI, { hopsPath: 'LL', forceFetch: true, cost: 2, sheetKey: 'old', delivered: { r: 1 } });
    curi.overlay = { key: 'new' } as CrawlUri['overlay'];
    expect(encodeQueuedRow(curi as unknown as QueuedUri)).to.equal(encodeQueuedRow(curi.toQueued()));
  });

  // Rows as the version before QUEUED_FIELDS wrote them (a crawl's state store outlives the
  // version that wrote it): read as they were, and written again byte for byte.
  const OLD_ROWS: [string, QueuedUri][] = [
    [
      '["http://example.org/","",null,null,1,null,1,null,null,0]',
      { uri: 'http://example.org/', hopsPath: '', isSeed: true, queueKey: QUEUE, precedence: 1, fetchAttempts: 0 },
    ],
    [
      '["http://example.org/a","LLE","http://example.org/","a/@href",0,"seeds",4,1,3,2,1,1,"k1",1,{"r":3},{"w":["f.warc.gz",120]}]',
      {
        uri: URI, hopsPath: 'LLE', via: 'http://example.org/', viaContext: 'a/@href', isSeed: false, sourceTag: 'seeds', queueKey: QUEUE,
        precedence: 4, schedulingDirective: 1, cost: 3, fetchAttempts: 2, deferrals: 1, forceFetch: true, sheetKey: 'k1', deltaCheck: true,
        delivered: { r: 3 }, warc: { w: ['f.warc.gz', 120] },
      },
    ],
    [
      '["http://example.org/b","L","http://example.org/",null,0,null,1,null,null,1,null,null,"k2"]',
      {
        uri: 'http://example.org/b', hopsPath: 'L', via: 'http://example.org/', isSeed: false, queueKey: QUEUE, precedence: 1, fetchAttempts: 1,
        sheetKey: 'k2',
      },
    ],
  ];
  for (const [row, record] of OLD_ROWS) {
    it(`reads and writes a row of the earlier version: ${row.slice(0, 60)}…`, () => {
      const read = decodeQueuedRow(row, QUEUE);
      const defined = Object.fromEntries(Object.entries(read).filter(([, v]) => v !== undefined));
      expect(defined).to.deep.equal(record);
      expect(encodeQueuedRow(read)).to.equal(row);
      expect(encodeQueuedRow(CrawlUri.fromQueued(read).toQueued())).to.equal(row);
    });
  }
});
