import { expect } from 'chai';
import { COMPOUND } from './compound.js';
import { CrawlUri } from './crawl-uri.js';
import { ExtraKey } from './extra-key.js';
import { FetchAttempt } from './fetch-attempt.js';
import { MAIL } from './mail-attributes.js';

describe('FetchAttempt extras', () => {
  it('keeps what each domain found under its own key, and nothing under a key not set', () => {
    const attempt = new FetchAttempt();
    expect(attempt.extra(MAIL)).to.equal(undefined);
    attempt.setExtra(MAIL, { from: ['a@example.org'], to: [], folder: 'INBOX', flags: [] });
    attempt.setExtra(COMPOUND, { elements: [], complete: true });
    expect(attempt.extra(MAIL)?.folder).to.equal('INBOX');
    expect(attempt.extra(COMPOUND)?.complete).to.equal(true);
    // Two keys of the same name are two keys: a domain's key is its own.
    expect(attempt.extra(new ExtraKey<unknown>('mail'))).to.equal(undefined);
  });

  it('are gone with the try they belong to', () => {
    const curi = new CrawlUri('imap://example.org/INBOX;UID=1');
    curi.attempt.setExtra(MAIL, { from: [], to: [], folder: 'INBOX', flags: [] });
    curi.resetForRetry();
    expect(curi.attempt.extra(MAIL)).to.equal(undefined);
  });
});
