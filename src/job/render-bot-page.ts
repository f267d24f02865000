import { escapeHtml as h } from '../util/escape-html.js';
import { PURPOSE_CATEGORIES, type UsagePurpose } from '../model/usage-purposes.js';
import type { BotPageFacts } from './bot-page-facts.js';

const PURPOSE_WORDS: Readonly<Record<string, string>> = {
  search: 'building a search index',
  'ai-input': 'input to AI systems answering questions (retrieval, grounding)',
  'ai-train': 'training AI models',
  archive: 'web archiving: keeping the pages as they were',
};

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/**
 * The page `operatorContactUrl` should point to: who runs the crawler and why, how it behaves, what
 * it honours, how it proves who it is, and how a site blocks or slows it. Every value escaped.
 */
export function renderBotPage(f: BotPageFacts): string {
  const title = `${f.robotsToken || 'beancrawl'} crawler${f.jobName ? `: ${f.jobName}` : ''}`;
  const who = [f.operator, f.organization].filter(Boolean).join(', ');
  const dl = (rows: [string, string][]) => `<dl>\n${rows.map(([k, v]) => `  <dt>${h(k)}</dt><dd>${v}</dd>`).join('\n')}\n</dl>`;
  const link = (url: string) => `<a href="${h(url)}">${h(url)}</a>`;
  const identity: [string, string][] = [['User-Agent', `<code>${h(f.userAgent)}</code>`], ['Contact', link(f.contactUrl)]];
  if (f.from) identity.push(['E-mail (sent as From)', `<a href="mailto:${h(f.from)}">${h(f.from)}</a>`]);
  if (who) identity.push(['Run by', h(who)]);
  if (f.description) identity.push(['About this crawl', h(f.description)]);

  const purposes = f.purposes.length === 0
    ? '<p>This crawl declares no purpose: the usage preferences sites state are recorded with each capture, and not acted on.</p>'
    : `<ul>\n${f.purposes.map((p) => `  <li><code>${h(p)}</code>: ${h(PURPOSE_WORDS[p] ?? p)} ${categoriesOf(p)}</li>`).join('\n')}\n</ul>`;

  const p = f.politeness;
  const politeness = [
    p ? `<li>After each request to a site it waits ${h(p.delayFactor)} times as long as the request took, at least ${h(seconds(p.minDelayMs))} and at ` +
      `most ${h(seconds(p.maxDelayMs))}.</li>` : '',
    `<li>One request at a time to each site (one queue a site${f.queuesBy ? `, <code>${h(f.queuesBy)}</code>` : ''})` +
      `${f.workers !== undefined ? `; ${h(f.workers)} requests at most at once for all sites together` : ''}.</li>`,
    p ? '<li>A robots.txt <code>Crawl-delay</code>, and the <code>Retry-After</code> of a 429 or 503 answer, are honoured up to ' +
      `${h(p.crawlDelayUpToSeconds)} s.</li>` : '',
    f.retireOnPaymentRequired ? '<li>A <code>402 Payment Required</code> answer stops the crawl of that site: it is not asked again.</li>' : '',
  ].filter(Boolean).join('\n');

  const robots = f.robotsPolicy === 'ignore'
    ? '<p>This crawl does not apply robots.txt (its operator set it so): write to the contact above.</p>'
    : `<p>robots.txt is honoured (policy <code>${h(f.robotsPolicy)}</code>${f.robotsPolicy === 'robotsTxtOnly' ? '' : ', and meta robots too'}): ` +
      `the group whose <code>User-agent</code> is <code>${h(f.robotsToken)}</code>, else <code>*</code>.</p>`;
  const usage = '<p>Usage preferences stated in robots.txt (<code>Content-Signal</code>, <code>Content-Usage</code>) and in the <code>Content-Usage</code> ' +
    `header are recorded with every capture.${usageActs(f.usageRules)}</p>`;

  const signing = f.signing === undefined ? '<p>This crawler does not sign its requests.</p>'
    : '<p>Requests are signed with HTTP Message Signatures (Web Bot Auth)' +
      `${f.signing.agent ? `, with <code>Signature-Agent: ${h(f.signing.agent)}</code>` : ''}.` +
      `${f.signing.directoryUrl ? ` Its key directory: ${link(f.signing.directoryUrl)}.` : ''}</p>` +
      (f.signing.keyIds.length > 0 ? `\n<p>Key ids (JWK thumbprints): ${f.signing.keyIds.map((k) => `<code>${h(k)}</code>`).join(', ')}.</p>` : '');

  const token = f.robotsToken || 'beancrawl';
  const block = `User-agent: ${token}\nDisallow: /`;
  const slow = `User-agent: ${token}\nCrawl-delay: 10`;
  const signal = `User-agent: ${token}\nContent-Signal: search=yes, ai-train=no`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title>
</head>
<body>
<h1>${h(title)}</h1>
${dl(identity)}
<h2>What it crawls for</h2>
${purposes}
<h2>How it behaves</h2>
<ul>
${politeness}
</ul>
<h2>robots.txt and usage preferences</h2>
${robots}
${usage}
<h2>How it proves who it is</h2>
${signing}
<h2>How to block or slow it</h2>
<p>To keep it out of your site, add to your robots.txt:</p>
<pre>${h(block)}</pre>
<p>To slow it down:</p>
<pre>${h(slow)}</pre>
<p>To say what your content may be used for:</p>
<pre>${h(signal)}</pre>
<p>Or answer its requests with <code>429 Too Many Requests</code> and a <code>Retry-After</code>, or write to ${link(f.contactUrl)}.</p>
</body>
</html>
`;
}

/** The vocabularies' categories a purpose is read in. */
function categoriesOf(purpose: string): string {
  const c = PURPOSE_CATEGORIES[purpose as UsagePurpose];
  if (c === undefined) return '';
  const parts = [c.contentSignal ? `Content-Signal <code>${h(c.contentSignal)}</code>` : '', `Content-Usage <code>${h(c.contentUsage.join(', '))}</code>`];
  return `(read as ${parts.filter(Boolean).join('; ')})`;
}

/** What the crawl does with preferences that refuse its purposes. */
function usageActs(places: readonly string[]): string {
  if (places.length === 0) return ' The crawl does not act on them.';
  const words = places.map((p) => (p === 'scope' ? 'a page whose preferences refuse one of its purposes is not fetched'
    : p === 'receivers' ? 'a page whose preferences refuse one of its purposes is archived but not passed on to indexing'
      : `they are applied at ${p}`));
  const said = [...new Set(words)].join('; ');
  return ` ${said[0].toUpperCase()}${said.slice(1)}.`;
}
