import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CrawlUri } from '../../model/crawl-uri.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { ExtractorJs } from './extractor-js.js';
import { EXTRACT_TIME_TRUNC } from './parse-budget.js';
import { forEachJsString } from './js-strings.js';
import { isLikelyJsUrl, unescapeJs } from './likely-js-url.js';

const fixture = (name: string) => readFileSync(join(REPO_ROOT, 'src/components/extract/fixtures', name));

interface Fetched {
  readonly contentType?: string;
  readonly status?: number;
  readonly via?: string;
  readonly viaContext?: string;
}

/** A script fetched as an embed of a page (`<script src>`), unless told otherwise. */
function fetched(uri: string, body: string | Buffer, f: Fetched = {}): CrawlUri {
  const via = 'via' in f ? f.via : 'https://example.org/shop/index.html';
  const curi = new CrawlUri(uri, { hopsPath: 'E', via, viaContext: f.viaContext ?? 'script/@src' });
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  curi.fetchStatus = f.status ?? 200;
  curi.contentType = f.contentType ?? 'application/javascript';
  curi.response = { statusCode: curi.fetchStatus, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers: {}, rawBody: bytes, body: bytes, ipAddress: '127.0.0.1' };
  return curi;
}

const extractor = (enabled = true) => new ExtractorJs({ enabled, shouldProcessRule: undefined, maxParseTimeMs: 5000 });

function linksOf(curi: CrawlUri, enabled = true): string[] {
  extractor(enabled).process(curi);
  return curi.outlinks.map((l) => `${l.hop} ${l.uri} ${l.context}`);
}

describe('ExtractorJs', () => {
  describe('a site script', () => {
    it('takes absolute http(s) URLs and root-relative paths only, as X hops with =JS_MISC, root-relative ones against the page that loaded it', () => {
      expect(linksOf(fetched('https://cdn.example-static.net/static/app.js', fixture('app.js')))).to.deep.equal([
        'X https://example.org/api/v2/products =JS_MISC',
        'X https://cdn.example-static.net/assets/ =JS_MISC',
        'X https://example.org/about-us =JS_MISC',
        'X https://example.org/search?q= =JS_MISC',
        'X https://www.example.org/static/logo@2x.png =JS_MISC',
        'X https://www.example.org/feed.xml =JS_MISC',
        'X https://example.org/static/fonts/site.woff2 =JS_MISC',
        'X https://example.org/collect =JS_MISC',
      ]);
    });

    it('leaves relative strings, comments, regexes, file paths, patterns, interpolated templates and concatenated pieces alone', () => {
      const uris = linksOf(fetched('https://example.org/static/app.js', fixture('app.js'))).join('\n');
      for (const absent of ['docs/scripts', 'in/a/comment', 'text/javascript', 'img/icons', 'local.js', 'up.html', 'lib.js', 'usr/local', 'dev/null', '/page/', '/price', '/a%20b', 'Windows', '/users/', 'sprite', '/login', '/admin/']) {
        expect(uris, absent).to.not.include(absent);
      }
    });

    it('resolves against the script itself when nothing loaded it', () => {
      expect(linksOf(fetched('https://example.org/app.js', 'var a = "/x/y";', { via: undefined }))).to.deep.equal(['X https://example.org/x/y =JS_MISC']);
    });

    it('marks the script finished for the extractors after it', () => {
      const curi = fetched('https://example.org/app.js', 'var a = "/x";');
      extractor().process(curi);
      expect(curi.linkExtractorFinished).to.equal(true);
    });
  });

  describe('real scripts', () => {
    it('takes nothing from the Google Tag Manager snippet behind Heritrix\'s junk requests, only analytics.js from Google Analytics\'s', () => {
      expect(linksOf(fetched('https://example.org/analytics.js', fixture('analytics-snippets.js')))).to.deep.equal(['X ' +
        'https://www.google-analytics.com/analytics.js =JS_MISC']);
    });

    it('takes nothing from rustdoc\'s main.js (44 KB), whose paths are all pieces or patterns', () => {
      expect(linksOf(fetched('https://doc.rust-lang.org/stable/static.files/main-5013f961.js', fixture('rustdoc-main.js')))).to.deep.equal([]);
    });
  });

  describe('which responses it reads', () => {
    const js = 'var a = "/x";';

    it('is off by default (enabled false)', () => {
      expect(linksOf(fetched('https://example.org/a.js', js), false)).to.deep.equal([]);
    });

    it('reads script types, and generic types named .js or .mjs or loaded by <script src>', () => {
      for (const contentType of ['application/javascript', 'text/javascript; ' +
        'charset=utf-8', 'application/x-javascript', 'application/ecmascript', 'text/jscript']) {
        expect(linksOf(fetched('https://example.org/a', js, { contentType, viaContext: 'a/@href' })), contentType).to.have.length(1);
      }
      expect(linksOf(fetched('https://example.org/a.js?v=2', js, { contentType: 'text/plain', viaContext: 'a/@href' }))).to.have.length(1);
      expect(linksOf(fetched('https://example.org/a.mjs', js, { contentType: '', viaContext: 'a/@href' }))).to.have.length(1);
      expect(linksOf(fetched('https://example.org/bundle', js, { contentType: 'application/octet-stream' }))).to.have.length(1);
    });

    it('leaves JSON, HTML, CSS, non-2xx answers and finished documents alone', () => {
      expect(linksOf(fetched('https://example.org/a', js, { contentType: 'application/json' }))).to.deep.equal([]);
      expect(linksOf(fetched('https://example.org/a.js', js, { contentType: 'text/html' }))).to.deep.equal([]);
      expect(linksOf(fetched('https://example.org/a.js', js, { contentType: 'text/css' }))).to.deep.equal([]);
      expect(linksOf(fetched('https://example.org/a.js', js, { status: 404 }))).to.deep.equal([]);
      const finished = fetched('https://example.org/a.js', js);
      finished.linkExtractorFinished = true;
      expect(linksOf(finished)).to.deep.equal([]);
    });
  });

  describe('forEachJsString', () => {
    const strings = (js: string) => {
      const out: string[] = [];
      forEachJsString(js, (raw) => out.push(raw));
      return out;
    };

    it('finds single-, double-quoted and plain template strings, escapes kept raw', () => {
      expect(strings(`a('x'); b("y\\"z"); c(\`t\`); d(\`\${e}\`);`)).to.deep.equal(['x', 'y\\"z', 't']);
    });

    it('skips comments and regular expression literals, and knows a division', () => {
      expect(strings(`// "no"\n/* 'no' */ var r = /"[']/g; var d = a / 2 / "yes".length; f(/'/, "also");`)).to.deep.equal(['yes', 'also']);
    });

    it('drops a string broken by a line end, and goes on after it', () => {
      expect(strings(`var a = "broken\nvar b = 'ok';`)).to.deep.equal(['ok']);
    });
  });

  describe('isLikelyJsUrl and unescapeJs', () => {
    it('accepts absolute http(s) URLs with a dotted host and root-relative paths', () => {
      for (const s of ['https://example.org', 'HTTP://a.b.c:8080/x?y=1#z', 'http://127.0.0.1/', '/a', '/api/v1/items?page=2&sort=asc', '/~user/file.tar.gz']) expect(isLikelyJsUrl(s), s).to.equal(true);
    });

    it('refuses relative, protocol-relative and scheme-only strings, blanks, code characters and file paths', () => {
      for (const s of ['', '/', 'a/b', './x', '//cdn.example.org/x', 'http://', 'https://localhost/x', 'http://www.', 'ftp://example.org/x', '/a ' +
        'b', '/a*', '/f(x)', '/$x', '/{id}', '/usr/bin/env', '/dev/null', 'javascript:void(0)']) {
        expect(isLikelyJsUrl(s), s).to.equal(false);
      }
    });

    it('undoes JavaScript escapes', () => {
      expect(unescapeJs('https:\\/\\/a.b\\/c')).to.equal('https://a.b/c');
      expect(unescapeJs('\\u002Fx\\x2Fy\\u{2F}z')).to.equal('/x/y/z');
      expect(unescapeJs('a\\nb\\qc\\')).to.equal('a\nbqc\\');
    });
  });

  describe('a script over maxParseTimeMs', () => {
    it('keeps the links read before the budget ran out, annotated extractTimeTrunc', async () => {
      const js = Array.from({ length: 300_000 }, (_, i) => `load("/api/${i}");`).join('\n');
      const curi = fetched('https://example.org/big.js', js);
      expect(await new ExtractorJs({ enabled: true, shouldProcessRule: undefined, maxParseTimeMs: 1 }).process(curi)).to.equal('PROCEED');
      expect(curi.outlinks[0]?.uri).to.equal('https://example.org/api/0');
      expect(curi.outlinks.length).to.be.above(0).and.below(300_000);
      expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
    });

    it('is cut, not stuck, on a line of slashes that each look like an unclosed regular expression (quadratic to scan)', async () => {
      const js = 'load("/first");\n' + '=/['.repeat(300_000);
      const curi = fetched('https://example.org/hostile.js', js);
      expect(await new ExtractorJs({ enabled: true, shouldProcessRule: undefined, maxParseTimeMs: 50 }).process(curi)).to.equal('PROCEED');
      expect(curi.outlinks.map((l) => l.uri)).to.deep.equal(['https://example.org/first']);
      expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
    });
  });
});
