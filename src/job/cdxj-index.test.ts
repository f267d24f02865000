import { expect } from 'chai';
import { timestamp14 } from './cdxj-index.js';

describe('CDXJ keys', () => {
  it('timestamp14: a WARC-Date in 14 digits', () => {
    expect(timestamp14('2026-11-25T21:00:07Z')).to.equal('20261125210007');
    expect(timestamp14('2026-11-25T21:00:07.123Z')).to.equal('20261125210007');
  });
});
