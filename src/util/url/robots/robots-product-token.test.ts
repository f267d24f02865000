import { expect } from 'chai';
import { robotsProductToken } from './robots-product-token.js';

describe('robotsProductToken()', () => {
  const table: [string, string][] = [
    ['Mozilla/5.0 (compatible; beancrawl/1.0 +http://example.org/contact)', 'beancrawl'],
    ['Mozilla/5.0 (compatible; heritrix/3.4.0 +http://example.org)', 'heritrix'],
    ['mozilla/5.0 ( Compatible ;Googlebot/2.1; +http://www.google.com/bot.html)', 'googlebot'],
    ['beancrawl/1.0', 'beancrawl'],
    ['BeanCrawl', 'beancrawl'],
    ['My_Bot-Two/2', 'my_bot-two'],
    ['Mozilla/5.0 (X11; Linux x86_64) beancrawl/1.0', 'mozilla'],
    ['', ''],
  ];
  for (const [userAgent, token] of table) {
    it(`finds ${JSON.stringify(token)} in ${JSON.stringify(userAgent)}`, () => {
      expect(robotsProductToken(userAgent)).to.equal(token);
    });
  }
});
