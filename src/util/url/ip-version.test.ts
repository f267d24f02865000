import { expect } from 'chai';
import { isIP } from 'node:net';
import { ipVersion } from './ip-version.js';

describe(ipVersion.name, () => {
  it('says what node:net\'s isIP says, for addresses and names alike', () => {
    const texts = ['127.0.0.1', '0.0.0.0', '255.255.255.255', '256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', '::1', '::', 'fe80::1%eth0',
      '2001:db8::ff00:42:8329', '::ffff:192.0.2.1', '[::1]', ':::', 'example.org', 'xn--caf-dma.example', 'localhost', '', '1.2.3.4 ', 'a:b'];
    for (const text of texts) expect(ipVersion(text), text).to.equal(isIP(text));
  });
});
