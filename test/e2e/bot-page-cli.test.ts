import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('beancrawl bot-page (e2e)', function () {
  this.timeout(60_000);

  it('writes the page of a job from its configuration: identity escaped, purposes, politeness, preferences acted on, keys, robots.txt lines', async () => {
    const work = await tempDir();
    try {
      const job = join(work.dir, 'job');
      const contact = 'https://example.org/contact?a=1&b=<x>';
      const created = await runCli(['create', job, '--seed', 'https://www.example.org/', '--contact', contact]);
      expect(created.code, created.stderr).to.equal(0);
      const keys = await runCli(['keys', job]);
      expect(keys.code, keys.stderr).to.equal(0);
      const keyid = /key id \(JWK thumbprint\): (\S+)/.exec(keys.stdout)![1];

      const sets = ['--set', 'metadata.purposes=search,ai-train', '--set', 'metadata.operator=A & B <ops>', '--set', 'disposition.minDelayMs=2000',
        '--set', 'fetchHttp.signRequests=true', '--set', 'fetchHttp.signatureAgent=https://crawler.example.org'];
      const r = await runCli(['bot-page', job, ...sets]);
      expect(r.code, r.stderr).to.equal(0);
      const html = r.stdout;
      expect(html).to.match(/^<!DOCTYPE html>/);
      // Every value escaped, in text and in attributes.
      expect(html).to.contain('<a href="https://example.org/contact?a=1&amp;b=&lt;x&gt;">').and.contain('A &amp; B &lt;ops&gt;');
      expect(html).to.not.contain('<x>').and.not.contain('<ops>');
      expect(html).to.match(/<code>Mozilla\/5\.0 \(compatible; beancrawl\/[^ ]+ \+https:\/\/example\.org\/contact\?a=1&amp;b=&lt;x&gt;\)<\/code>/);
      expect(html).to.contain('<code>ai-train</code>: training AI models (read as Content-Signal <code>ai-train</code>; ' +
        'Content-Usage <code>train-ai, bots</code>)');
      expect(html).to.contain('at least 2 s and at most 30 s');
      expect(html).to.contain('The crawl does not act on them.');
      expect(html).to.contain('<a href="https://crawler.example.org/.well-known/http-message-signatures-directory">');
      expect(html).to.contain(`<code>${keyid}</code>`);
      expect(html).to.contain('<pre>User-agent: beancrawl\nDisallow: /</pre>');

      // --out writes the same page; a place that cannot be written is said, exit 1.
      const out = join(work.dir, 'bot.html');
      const written = await runCli(['bot-page', job, ...sets, '--out', out]);
      expect(written.code, written.stderr).to.equal(0);
      expect(await readFile(out, 'utf8')).to.equal(`${html.trimEnd()}\n`);
      const unwritable = await runCli(['bot-page', job, '--out', join(work.dir, 'no', 'such', 'dir', 'x.html')]);
      expect(unwritable.code).to.equal(1);
      expect(unwritable.stderr).to.match(/^beancrawl: cannot write .*x\.html: ENOENT/);

      // A job that does not verify is its errors, located, not a page.
      const bad = await runCli(['bot-page', job, '--set', 'metadata.operatorContactUrl=']);
      expect(bad.code).to.not.equal(0);
      expect(bad.stderr).to.contain('operatorContactUrl').and.not.contain('    at ');
      expect(bad.stdout).to.equal('');
    } finally {
      await work.cleanup();
    }
  });
});
