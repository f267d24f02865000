import { expect } from 'chai';
import { hostKeysOf } from './host-keys-of.js';

describe('hostKeysOf', () => {
  const table: [string, ReturnType<typeof hostKeysOf>][] = [
    ['http://WWW.Example.org/a', { host: 'www.example.org', server: 'www.example.org' }],
    ['http://example.org:80/a', { host: 'example.org', server: 'example.org' }],
    ['https://example.org:443/', { host: 'example.org', server: 'example.org' }],
    ['http://example.org:8080/a', { host: 'example.org', server: 'example.org:8080' }],
    ['http://user:pw@example.org/', { host: 'example.org', server: 'example.org' }],
    ['http://127.0.0.1:7777/ten', { host: '127.0.0.1', server: '127.0.0.1:7777', ipLiteral: '127.0.0.1' }],
    ['http://[::1]:8080/', { host: '[::1]', server: '[::1]:8080', ipLiteral: '::1' }],
    ['dns:Example.ORG', { host: 'example.org', server: 'example.org' }],
    ['dns:10.0.0.1', { host: '10.0.0.1', server: '10.0.0.1', ipLiteral: '10.0.0.1' }],
    ['dns:', undefined],
    ['mailto:someone@example.org', undefined],
    ['not a url', undefined],
  ];
  for (const [uri, expected] of table) {
    it(`${uri} → ${JSON.stringify(expected)}`, () => {
      expect(hostKeysOf(uri)).to.deep.equal(expected);
    });
  }
});
