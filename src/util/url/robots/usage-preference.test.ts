import { expect } from 'chai';
import { parseRobotsTxt } from './parse-robots-txt.js';
import { parseUsageLine } from './usage-preference.js';

/** What a robots.txt states for a user agent and URL, as `vocabulary: value as written`. */
function stated(robots: string, userAgent: string, url: string): Record<string, string> {
  const found = parseRobotsTxt(robots).usagePreferences(userAgent, url);
  return Object.fromEntries(Object.entries(found).map(([vocabulary, rule]) => [vocabulary, rule!.text]));
}

describe('usage preferences in robots.txt (Content-Signal, Content-Usage)', () => {
  it('reads the aipref draft\'s example: a site-wide rule and a longer path that overrides it', () => {
    const robots = 'User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n';
    expect(stated(robots, 'beancrawl/1.0', 'http://example.com/page')).to.deep.equal({ 'content-usage': 'train-ai=n' });
    expect(stated(robots, 'beancrawl/1.0', 'http://example.com/ai-ok/page')).to.deep.equal({ 'content-usage': '/ai-ok/ train-ai=y' });
    expect(parseRobotsTxt(robots).usagePreferences('beancrawl', '/ai-ok/x')['content-usage']!.preferences).to.deep.equal({ 'train-ai': 'y' });
    expect(parseRobotsTxt(robots).isAllowed('beancrawl', '/never/x')).to.equal(false);
  });

  it('reads the Content Signals example, per user-agent group, alongside Allow and Disallow', () => {
    const robots = 'User-Agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\n' +
      'User-Agent: beancrawl\nContent-Signal: search=yes, ai-input=yes, ai-train=yes\nDisallow: /private\n';
    expect(parseRobotsTxt(robots).usagePreferences('other-bot', '/')['content-signal']!.preferences).to.deep.equal({ search: 'yes', 'ai-train': 'no' });
    expect(parseRobotsTxt(robots).usagePreferences('beancrawl/1.0 (+http://example.org)', '/')['content-signal']!.preferences)
      .to.deep.equal({ search: 'yes', 'ai-input': 'yes', 'ai-train': 'yes' });
  });

  it('mixes both vocabularies, wildcards and merged groups; the longest match of each vocabulary applies', () => {
    const robots = [
      'User-agent: beancrawl', 'User-agent: otherbot', 'Content-Signal: search=yes, ai-train=no', 'Content-Usage: /*.pdf$ train-ai=n, search=y',
      'Content-Usage: /docs/ train-ai=y', '', 'User-agent: *', 'Content-Usage: bots=n', '', 'User-agent: beancrawl', 'Content-Signal: /blog/ ai-input=no',
    ].join('\n');
    const signal = 'search=yes, ai-train=no';
    expect(stated(robots, 'beancrawl', '/docs/a.pdf')).to.deep.equal({ 'content-signal': signal, 'content-usage': '/*.pdf$ train-ai=n, search=y' });
    expect(stated(robots, 'beancrawl', '/docs/a.html')).to.deep.equal({ 'content-signal': signal, 'content-usage': '/docs/ train-ai=y' });
    expect(stated(robots, 'beancrawl', '/blog/post')).to.deep.equal({ 'content-signal': '/blog/ ai-input=no' });
    expect(stated(robots, 'otherbot', '/blog/post')).to.deep.equal({ 'content-signal': 'search=yes, ai-train=no' });
    expect(stated(robots, 'unknown', '/anything')).to.deep.equal({ 'content-usage': 'bots=n' });
    expect(stated('User-agent: *\nDisallow: /x\n', 'beancrawl', '/')).to.deep.equal({});
  });

  it('reports malformed lines with their line numbers and keeps reading, never failing', () => {
    const robots = 'Content-Usage: train-ai=n\nUser-agent: *\nContent-Usage: train-ai=maybe\nContent-Signal: search\nContent-Usage: /only-a-path\n' +
      'Content-Signal: Search=yes\nContent-Usage:\nContent-Signal: ai-train=no\nDisallow: /p\n';
    const parsed = parseRobotsTxt(robots);
    expect(parsed.malformedPreferences).to.deep.equal([
      'line 1: Content-Usage outside any User-agent group',
      'line 3: Content-Usage train-ai=maybe: the value must be y or n',
      'line 4: Content-Signal "search" is not a key=value member',
      'line 5: Content-Usage names a path (/only-a-path) but no preferences',
      'line 6: Content-Signal "Search" is not a category (lower-case letters, digits, _ - . *)',
      'line 7: Content-Usage states no preferences',
    ]);
    expect(stated(robots, 'beancrawl', '/')).to.deep.equal({ 'content-signal': 'ai-train=no' });
    expect(parsed.isAllowed('beancrawl', '/p')).to.equal(false);
  });

  it('parses a Content-Usage header value as a line without a path', () => {
    expect(parseUsageLine('content-usage', 'train-ai=n, train-genai=n')).to.deep.equal({
      rule: {
        vocabulary: 'content-usage', path: undefined, length: 0, preferences: { 'train-ai': 'n', 'train-genai': 'n' }, text: 'train-ai=n, train-genai=n',
      },
    });
  });
});
