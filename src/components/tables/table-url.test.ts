import { expect } from 'chai';
import { listingUrl, parseTableUrl, rowUrl, type TableUrl } from './table-url.js';

describe('table source URLs', () => {
  it('reads a table\'s URL: the connection\'s parts given, the table, its key columns and options', () => {
    const t = parseTableUrl('postgresql://shop@db.example.org:5433/sales?table=public.orders&key=region,id&content=total,lines&version=updated_at&display=https://shop.example/o/{id}') as TableUrl;
    expect(t).to.deep.equal({
      scheme: 'postgresql', source: { connection: { database: 'sales', user: 'shop', host: 'db.example.org', port: 5433 }, table: 'public.orders', key: ['region', 'id'] },
      content: ['total', 'lines'], version: 'updated_at', display: 'https://shop.example/o/{id}',
    });
    expect((parseTableUrl('postgresql:///sales?table=orders&key=id') as TableUrl).source.connection).to.deep.equal({ database: 'sales' });
  });

  it('writes a row\'s and the next page\'s URLs that read back the same, values with commas and slashes kept apart', () => {
    const t = parseTableUrl('postgresql://db.test/sales?table=orders&key=region,id') as TableUrl;
    const row = rowUrl(t, ['north, east/2', '7']);
    expect(row).to.equal('postgresql://db.test/sales/orders/north%2C%20east%2F2,7?key=region%2Cid');
    expect(parseTableUrl(row)).to.deep.include({ row: ['north, east/2', '7'] });
    const next = listingUrl(t, ['north', '99']);
    expect(parseTableUrl(next)).to.deep.include({ after: ['north', '99'] });
  });

  it('says why a URL is no table source: no key, a bad identifier, a password, no database, a key of the wrong length', () => {
    expect(parseTableUrl('postgresql://db.test/sales?table=orders')).to.equal('names no key column (key=COLUMN)');
    expect(parseTableUrl('postgresql://db.test/sales?table=orders;drop&key=id')).to.equal('"orders;drop" is not a table name');
    expect(parseTableUrl('postgresql://db.test/sales?table=orders&key=id"')).to.equal('"id"" is not a column name');
    expect(parseTableUrl('postgresql://u:secret@db.test/sales?table=orders&key=id')).to.match(/password is never written/);
    expect(parseTableUrl('postgresql://db.test/?table=orders&key=id')).to.match(/names no database/);
    expect(parseTableUrl('postgresql://db.test/sales/orders/1,2?key=id')).to.equal('its key has 2 values for 1 key columns');
  });
});
