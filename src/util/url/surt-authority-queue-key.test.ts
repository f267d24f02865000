import { expect } from 'chai';
import { DEFAULT_QUEUE_KEY, surtAuthorityQueueKey } from './surt-authority-queue-key.js';

describe('surtAuthorityQueueKey()', () => {
  const table: [string, string][] = [
    ['http://www.example.org/a', 'org,example,www,'],
    ['http://www.example.org:8080/a', 'org,example,www,#8080'],
    ['https://www.example.org/a', 'org,example,www,'],
    ['http://127.0.0.1:7777/ten', '127.0.0.1#7777'],
    ['http://user:pass@example.org/', 'org,example,@user#pass'],
    ['http://WWW.Example.ORG/', 'org,example,www,'],
  ];
  for (const [uri, key] of table) {
    it(`queues ${uri} under ${key}`, () => {
      expect(surtAuthorityQueueKey(uri)).to.equal(key);
    });
  }

  it('puts every whois: URI in one queue', () => {
    expect(surtAuthorityQueueKey('whois://whois.iana.org/example.org')).to.equal('whois...');
  });
  it('falls back to the default key for a URI without SURT authority', () => {
    expect(surtAuthorityQueueKey('dns:www.example.org')).to.equal(DEFAULT_QUEUE_KEY);
    expect(DEFAULT_QUEUE_KEY).to.equal('default...');
  });

  describe('with parallelQueues > 1', () => {
    it('splits a host by first path segment into at most N stable queues', () => {
      const seen = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const key = surtAuthorityQueueKey(`http://example.org/s${i}/page`, { parallelQueues: 4 });
        expect(key).to.match(/^org,example,(\+[123])?$/);
        expect(surtAuthorityQueueKey(`http://example.org/s${i}/other?x`, { parallelQueues: 4 })).to.equal(key);
        seen.add(key);
      }
      expect(seen.size).to.equal(4);
    });
    it('adds no suffix when the path has no first segment', () => {
      expect(surtAuthorityQueueKey('http://example.org/index.html', { parallelQueues: 4 })).to.equal('org,example,');
    });
  });
});
