import { expect } from 'chai';
import { priceHeadersOf } from './price-headers-of.js';

describe('priceHeadersOf (the headers a 402 names its price in)', () => {
  it('keeps crawler-price, crawler-charged, crawler-max-price and any *-price header, and nothing else', () => {
    const headers = {
      'crawler-price': 'USD 0.01', 'Crawler-Charged': 'USD 0.01', 'crawler-max-price': '1', 'x-price': '2', 'content-type': 'text/plain', priceless: 'x',
    };
    expect(priceHeadersOf(headers)).to.deep.equal(['crawler-price: USD 0.01', 'crawler-charged: USD 0.01', 'crawler-max-price: 1', 'x-price: 2']);
  });
});
