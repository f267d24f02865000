import { expect } from 'chai';
import { CrawlUri } from './crawl-uri.js';
import { QUEUED_FIELD_LIST, QUEUED_FIELDS } from './queued-fields.js';

// CrawlUri's constructor and toQueued name each field of QUEUED_FIELDS by hand (for speed): these
// tests go through the list, so that a field added to it and not to them fails here.
describe('QUEUED_FIELDS', () => {
  const URI = 'http://example.org/a';
  const fields = QUEUED_FIELD_LIST.filter((f) => f.name !== 'uri');

  it('lists the fields a queued record has, in the order toQueued writes them', () => {
    expect(Object.keys(new CrawlUri(URI).toQueued())).to.deep.equal(QUEUED_FIELD_LIST.map((f) => f.name));
    expect(QUEUED_FIELD_LIST[0].name).to.equal('uri');
  });

  for (const f of fields) {
    describe(f.name, () => {
      it('is its initial value on a CrawlUri made without it, and left out of its record where it is optional', () => {
        const curi = new CrawlUri(URI);
        expect((curi as unknown as Record<string, unknown>)[f.name]).to.deep.equal(f.initial);
        const queued = (curi.toQueued() as unknown as Record<string, unknown>)[f.name];
        if (f.optional) expect(queued, 'a default is left out of the record').to.equal(undefined);
        else expect(queued).to.deep.equal(f.initial);
      });

      it('is taken by the constructor, given back by toQueued, and kept through fromQueued', () => {
        const curi = new CrawlUri(URI, { [f.name]: f.sample });
        expect((curi as unknown as Record<string, unknown>)[f.name], 'the constructor takes it').to.deep.equal(f.live(f.sample));
        const record = curi.toQueued() as unknown as Record<string, unknown>;
        expect(record[f.name], 'toQueued writes it').to.deep.equal(f.sample);
        const again = CrawlUri.fromQueued(curi.toQueued()) as unknown as Record<string, unknown>;
        expect(again[f.name], 'fromQueued reads it').to.deep.equal(f.live(f.sample));
      });
    });
  }

  it('gives a CrawlUri its own copy of the maps it adds to (delivered, warc)', () => {
    const delivered = { receiver: 1 };
    const curi = new CrawlUri(URI, { delivered });
    curi.delivered!.other = 2;
    expect(delivered).to.deep.equal({ receiver: 1 });
  });

  it('writes the sheet key of the overlay a CrawlUri has, else the one it came with', () => {
    const curi = new CrawlUri(URI, { sheetKey: 'old' });
    expect(curi.toQueued().sheetKey).to.equal('old');
    curi.overlay = { key: 'new' } as CrawlUri['overlay'];
    expect(curi.toQueued().sheetKey).to.equal('new');
  });

  it('keeps each kind of field as documented: defaults and false flags left out, seeds always written', () => {
    expect(QUEUED_FIELDS.schedulingDirective.queued(3)).to.equal(undefined);
    expect(QUEUED_FIELDS.cost.queued(1)).to.equal(undefined);
    expect(QUEUED_FIELDS.deferrals.queued(0)).to.equal(undefined);
    expect(QUEUED_FIELDS.forceFetch.queued(false)).to.equal(undefined);
    expect(QUEUED_FIELDS.isSeed.queued(false)).to.equal(false);
    expect(QUEUED_FIELDS.fetchAttempts.queued(0)).to.equal(0);
  });
});
