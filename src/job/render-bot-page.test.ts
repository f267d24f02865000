import { expect } from 'chai';
import type { BotPageFacts } from './bot-page-facts.js';
import { renderBotPage } from './render-bot-page.js';

describe('renderBotPage', () => {
  const facts: BotPageFacts = {
    jobName: 'news', operator: '', organization: 'Example "Archive"', description: '', contactUrl: 'https://example.org/bot', from: '',
    userAgent: 'Mozilla/5.0 (compatible; beancrawl/1 +https://example.org/bot)', robotsToken: 'beancrawl', purposes: ['archive'],
    robotsPolicy: 'obey', retireOnPaymentRequired: false, usageRules: ['scope', 'receivers'],
  };

  it('says where the crawl acts on usage preferences, and leaves out what the job does not have', () => {
    const html = renderBotPage(facts);
    expect(html).to.contain('A page whose preferences refuse one of its purposes is not fetched; a page whose preferences refuse one of its purposes ' +
      'is archived but not passed on to indexing.');
    expect(html).to.contain('<dd>Example &quot;Archive&quot;</dd>');
    expect(html).to.contain('<code>archive</code>: web archiving: keeping the pages as they were (read as Content-Usage <code>bots</code>)');
    expect(html).to.contain('This crawler does not sign its requests.');
    expect(html).to.not.contain('402');
  });

  it('says so when robots.txt is not applied', () => {
    expect(renderBotPage({ ...facts, robotsPolicy: 'ignore' })).to.contain('This crawl does not apply robots.txt');
  });
});
