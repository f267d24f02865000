import { expect } from 'chai';
import { fixedMetadata, type CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { Link } from '../../model/hop.js';
import { ExtractorHtml, type ExtractorHtmlConfig } from './extractor-html.js';
import { EXTRACT_TIME_TRUNC } from './parse-budget.js';

const PAGE = 'http://example.org/dir/page.html';

interface Fetched {
  readonly body: string | Buffer;
  readonly contentType?: string;
  readonly charset?: string;
  readonly status?: number;
  readonly uri?: string;
  readonly defaultEncoding?: string;
}

/** A URI as the fetcher leaves it: status, Content-Type, charset and a body. */
function fetched(f: Fetched): CrawlUri {
  const curi = new CrawlUri(f.uri ?? PAGE);
  const body = typeof f.body === 'string' ? Buffer.from(f.body, 'utf8') : f.body;
  curi.fetchStatus = f.status ?? 200;
  curi.contentType = f.contentType ?? 'text/html';
  curi.contentCharset = f.charset;
  if (f.defaultEncoding) curi.defaultEncoding = f.defaultEncoding;
  const headers: Record<string, string> = curi.contentType ? { 'content-type': curi.contentType } : {};
  curi.response = { statusCode: curi.fetchStatus, statusText: 'OK', httpVersion: '1.1', rawHeaders: [], headers, rawBody: body, body, ipAddress: '127.0.0.1' };
  return curi;
}

function metadata(robotsPolicyName: string): CrawlMetadataInfo {
  return fixedMetadata({ robotsPolicyName, userAgent: 'test' });
}

function extractor(overrides: Partial<ExtractorHtmlConfig> = {}): ExtractorHtml {
  return new ExtractorHtml({
    enabled: true, shouldProcessRule: undefined, metadata: undefined, treatFramesAsEmbedLinks: true, ignoreFormActionUrls: false,
    extractOnlyFormGets: true, obeyRelNofollow: false, extractJavascript: false, extractValueAttributes: false, ignoreUnexpectedHtml: true, maxParseTimeMs: 5000, maxElementDepth: 512, parseThreads: 0, minThreadParseBytes: 1024, ...overrides,
  });
}

/** The outlinks of a page as `HOP uri context` lines. */
function linksOf(html: string | Fetched, overrides: Partial<ExtractorHtmlConfig> = {}): string[] {
  const curi = fetched(typeof html === 'string' ? { body: html } : html);
  extractor(overrides).process(curi);
  return curi.outlinks.map(show);
}

function show(l: Link): string {
  return `${l.hop} ${l.uri} ${l.context}`;
}

describe('ExtractorHtml', () => {
  describe('elements, hops and contexts', () => {
    const cases: Array<[string, string[]]> = [
      ['<a href="a.html">', ['L http://example.org/dir/a.html a/@href']],
      ['<map><area href="/area" shape=rect></map>', ['L http://example.org/area area/@href']],
      ['<link rel="stylesheet" href="/s.css">', ["E http://example.org/s.css link[rel='stylesheet']/@href"]],
      ['<link rel="shortcut icon" href="/f.ico">', ["E http://example.org/f.ico link[rel='icon']/@href"]],
      ['<link rel="modulepreload" href="/m.js">', ["E http://example.org/m.js link[rel='modulepreload']/@href"]],
      ['<link rel="alternate" type="application/rss+xml" href="/feed">', ['L http://example.org/feed link/@href']],
      ['<link rel="canonical" href="http://example.org/c">', ['L http://example.org/c link/@href']],
      ['<link rel="dns-prefetch" href="//cdn.example.org">', []],
      ['<link rel="pingback" href="/xmlrpc.php">', []],
      ['<link href="/no-rel">', []],
      ['<img src="i.png" alt="">', ['E http://example.org/dir/i.png img/@src']],
      ['<script src="/j.js"></script>', ['E http://example.org/j.js script/@src']],
      ['<embed src="/e.swf">', ['E http://example.org/e.swf embed/@src']],
      ['<input type="image" src="/b.png">', ['E http://example.org/b.png input/@src']],
      ['<body background="/bg.gif">', ['E http://example.org/bg.gif body/@background']],
      ['<table background="/t.gif"></table>', ['E http://example.org/t.gif table/@background']],
      ['<video src="/v.mp4" poster="/p.jpg"></video>', ['E http://example.org/v.mp4 video/@src', 'E http://example.org/p.jpg video/@poster']],
      ['<audio src="/a.ogg"></audio>', ['E http://example.org/a.ogg audio/@src']],
      ['<video><source src="/v.webm" type="video/webm"><track src="/t.vtt"></video>', ['E http://example.org/v.webm source/@src', 'E ' +
        'http://example.org/t.vtt track/@src']],
      ['<object data="/o.swf"></object>', ['E http://example.org/o.swf object']],
      ['<iframe src="/if.html"></iframe>', ['E http://example.org/if.html iframe/@src']],
      ['<frameset><frame src="/f.html"></frameset>', ['E http://example.org/f.html frame/@src']],
      ['<blockquote cite="/source">q</blockquote>', ['L http://example.org/source blockquote/@cite']],
      ['<img data-src="/lazy.jpg" src="/ph.gif">', ['E http://example.org/ph.gif img/@src', 'E http://example.org/lazy.jpg img/@data-src']],
      ['<meta http-equiv="refresh" content="5; url=/next">', ['R http://example.org/next meta']],
      ['<meta http-equiv="Refresh" content="0;URL=\'/quoted\'">', ['R http://example.org/quoted meta']],
      ['<meta http-equiv="refresh" content="30">', []],
      ['<form action="/search"><input name=q></form>', ['L http://example.org/search form/@action']],
      ['<form action="/get" method="GET"></form>', ['L http://example.org/get form/@action']],
      ['<form action="/post" method="post"></form>', []],
    ];
    for (const [html, expected] of cases) {
      it(html, () => expect(linksOf(html)).to.deep.equal(expected));
    }
  });

  it('reads tag and attribute names in any case and decodes entities in values', () => {
    expect(linksOf('<A HREF="/q?a=1&amp;b=2">x</A><IMG SRC="/i&#46;png">')).to.deep.equal([
      'L http://example.org/q?a=1&b=2 a/@href',
      'E http://example.org/i.png img/@src',
    ]);
  });

  it('takes every URL of a srcset, descriptors and all, as embeds', () => {
    const html = '<img srcset="/a.jpg 1x, /b,c.jpg 2x, /d.jpg 480w"><picture><source srcset="s1.webp, s2.webp 2x"></picture>';
    expect(linksOf(html)).to.deep.equal([
      'E http://example.org/a.jpg img/@srcset',
      'E http://example.org/b,c.jpg img/@srcset',
      'E http://example.org/d.jpg img/@srcset',
      'E http://example.org/dir/s1.webp source/@srcset',
      'E http://example.org/dir/s2.webp source/@srcset',
    ]);
  });

  it('treats frames as navigation links when treatFramesAsEmbedLinks is false', () => {
    expect(linksOf('<iframe src="/if.html"></iframe><frame src="/f.html">', { treatFramesAsEmbedLinks: false })).to.deep.equal([
      'L http://example.org/if.html iframe/@src',
      'L http://example.org/f.html frame/@src',
    ]);
  });

  describe('extractValueAttributes (Heritrix: value attributes that are very likely URLs)', () => {
    const html = '<input type="hidden" name="next" value="/account/next.html"><input value="http://other.example/x">' +
      '<input value="Search"><input value="img/a.png"><param name="flashvars" value="/not-a-link">';

    it('takes absolute URLs and root-relative paths as links, with Heritrix\'s context', () => {
      expect(linksOf(html, { extractValueAttributes: true })).to.deep.equal([
        'L http://example.org/account/next.html input/@value',
        'L http://other.example/x input/@value',
      ]);
    });

    it('takes none when off', () => {
      expect(linksOf(html, { extractValueAttributes: false })).to.deep.equal([]);
    });
  });

  describe('forms', () => {
    it('takes POST actions when extractOnlyFormGets is false', () => {
      expect(linksOf('<form action="/post" method="POST"></form>', { extractOnlyFormGets: false })).to.deep.equal(['L http://example.org/post form/@action']);
    });

    it('takes no action at all when ignoreFormActionUrls', () => {
      expect(linksOf('<form action="/get"></form><form action="/p" ' +
        'method=post></form>', { ignoreFormActionUrls: true, extractOnlyFormGets: false })).to.deep.equal([]);
    });
  });

  describe('base href', () => {
    it('resolves the links after it against it, and is a link itself', () => {
      const html = '<a href="before.html"></a><base href="http://cdn.example.com/root/"><a href="after.html"></a><img src="/abs.png">';
      expect(linksOf(html)).to.deep.equal([
        'L http://example.org/dir/before.html a/@href',
        'L http://cdn.example.com/root/ base/@href',
        'L http://cdn.example.com/root/after.html a/@href',
        'E http://cdn.example.com/abs.png img/@src',
      ]);
    });

    it('honours only the first base, and resolves a relative one against the page', () => {
      const html = '<base href="../other/"><base href="http://elsewhere.example/"><a href="x"></a>';
      expect(linksOf(html)).to.include('L http://example.org/other/x a/@href');
    });
  });

  describe('rel=nofollow', () => {
    const html = '<a href="/followed">a</a><a rel="external nofollow" href="/skipped">b</a><area rel=NOFOLLOW href="/area">';

    it('follows nofollow links by default, as Heritrix does', () => {
      expect(linksOf(html)).to.have.length(3);
    });

    it('drops a and area links with rel nofollow when obeyRelNofollow', () => {
      expect(linksOf(html, { obeyRelNofollow: true })).to.deep.equal(['L http://example.org/followed a/@href']);
    });
  });

  describe('meta robots', () => {
    const html = '<a href="/before"></a><meta name="robots" content="noindex, NOFOLLOW"><a href="/after"></a>';

    it('sets noFollow and stops extracting at the tag under the obey policy', () => {
      const curi = fetched({ body: html });
      extractor({ metadata: metadata('obey') }).process(curi);
      expect(curi.noFollow).to.equal(true);
      expect(curi.outlinks.map(show)).to.deep.equal(['L http://example.org/before a/@href']);
    });

    it('counts "none" as nofollow, under classic too, and with no metadata bean', () => {
      for (const meta of [metadata('classic'), undefined]) {
        const curi = fetched({ body: '<meta name=ROBOTS content=none>' });
        extractor({ metadata: meta }).process(curi);
        expect(curi.noFollow).to.equal(true);
      }
    });

    it('is ignored under the robotsTxtOnly and ignore policies', () => {
      for (const policy of ['robotsTxtOnly', 'ignore']) {
        const curi = fetched({ body: html });
        extractor({ metadata: metadata(policy) }).process(curi);
        expect(curi.noFollow).to.equal(false);
        expect(curi.outlinks).to.have.length(2);
      }
    });

    it('leaves noFollow unset for noindex alone', () => {
      const curi = fetched({ body: '<meta name="robots" content="noindex"><a href="/x"></a>' });
      extractor().process(curi);
      expect(curi.noFollow).to.equal(false);
      expect(curi.outlinks).to.have.length(1);
    });
  });

  describe('what is not a link', () => {
    it('ignores tags in script and style text, and links in comments', () => {
      const html =
        '<script>document.write("<a href=\'/js\'>"); var u = "<img src=/js.png>";</script>' +
        '<style>a { background: url(/css.png) } /* <a href="/style"> */</style><!-- <a href="/comment"> --><a href="/real">';
      expect(linksOf(html)).to.deep.equal(['E http://example.org/css.png =EMBED_MISC', 'L http://example.org/real a/@href']);
    });

    it('skips javascript:, mailto:, data:, blank and fragment-only hrefs', () => {
      const html = '<a href="javascript:go()"></a><a href="mailto:a@b.c"></a><img src="data:image/png;base64,AA=="><a href=""></a><a ' +
        'href="#top"></a><a href="  "></a>';
      expect(linksOf(html)).to.deep.equal([]);
    });

    it('adds each (uri, hop) pair once per page, keeping the first context', () => {
      const html = '<a href="/x">1</a><a href="http://example.org/x#frag">2</a><img src="/x"><area href="/x">';
      expect(linksOf(html)).to.deep.equal(['L http://example.org/x a/@href', 'E http://example.org/x img/@src']);
    });

    it('does not repeat a link an earlier extractor added', () => {
      const curi = fetched({ body: '<a href="/x"></a><a href="/y"></a>' });
      curi.outlinks.push({ uri: 'http://example.org/x', hop: 'L', context: 'Link:' });
      extractor().process(curi);
      expect(curi.outlinks.map((l) => l.uri)).to.deep.equal(['http://example.org/x', 'http://example.org/y']);
    });
  });

  describe('inline style and script', () => {
    it('reads <style> elements and style attributes as CSS: embeds, =EMBED_MISC, against the base', () => {
      const html =
        '<head><base href="/assets/"><style media="screen">@import "print.css"; body { background: URL( \'bg.png\' ) }</style></head>' +
        '<body><div style="background-image:url(&quot;/hero.jpg&quot;)">x</div><p style="color:red">y</p><a href="a.html">a</a>';
      expect(linksOf(html)).to.deep.equal([
        'L http://example.org/assets/ base/@href',
        'E http://example.org/assets/print.css =EMBED_MISC',
        'E http://example.org/assets/bg.png =EMBED_MISC',
        'E http://example.org/hero.jpg =EMBED_MISC',
        'L http://example.org/assets/a.html a/@href',
      ]);
    });

    it('reads a <style> left open to the end of the page', () => {
      expect(linksOf('<a href="/a">a</a><style>p { background: url(/open.png) }')).to.deep.equal(['L http://example.org/a a/@href', 'E ' +
        'http://example.org/open.png =EMBED_MISC']);
    });

    it('leaves inline scripts alone unless extractJavascript, then takes only absolute and root-relative URLs (X, =JS_MISC)', () => {
      const html =
        '<script>var a = "/api/items?page=2", b = \'https://cdn.example.net/lib.js\', t = "text/javascript", r = "img/x.png";</script>' +
        '<script src="/s.js"></script><a href="/after">after</a>';
      expect(linksOf(html)).to.deep.equal(['E http://example.org/s.js script/@src', 'L http://example.org/after a/@href']);
      expect(linksOf(html, { extractJavascript: true })).to.deep.equal([
        'X http://example.org/api/items?page=2 =JS_MISC',
        'X https://cdn.example.net/lib.js =JS_MISC',
        'E http://example.org/s.js script/@src',
        'L http://example.org/after a/@href',
      ]);
    });

    it('takes nothing from style or script after a meta robots nofollow', () => {
      const html = '<meta name="robots" content="nofollow"><style>p { background: url(/x.png) }</style><script>"/y"</script>';
      expect(linksOf(html, { extractJavascript: true })).to.deep.equal([]);
    });

    it('reads the page after one cut off inside <script> or <style> (htmlparser2 10.1 kept its raw-text state across reset)', () => {
      for (const cut of ['<p>a</p><script>var x = 1;', '<p>a</p><style>p { color: red }', '<title>t', '<textarea>x']) {
        const ex = extractor();
        ex.process(fetched({ body: cut }));
        const next = fetched({ body: '<p>text</p><a href="/two">two</a>' });
        ex.process(next);
        expect(next.outlinks.map(show), cut).to.deep.equal(['L http://example.org/two a/@href']);
      }
    });

    it('keeps no state from one page to the next', () => {
      const ex = extractor({ extractJavascript: true });
      const first = fetched({ body: '<p>a</p><style>p { background: url(/one.png) }' });
      ex.process(first);
      const second = fetched({ body: '<p>text</p><a href="/two">two</a>' });
      ex.process(second);
      expect(second.outlinks.map(show)).to.deep.equal(['L http://example.org/two a/@href']);
    });
  });

  describe('Heritrix\'s linkExtractorFinished', () => {
    it('marks a page it read as finished', () => {
      const curi = fetched({ body: '<a href="/x">' });
      extractor().process(curi);
      expect(curi.linkExtractorFinished).to.equal(true);
    });

    it('skips a document an earlier extractor finished', () => {
      const curi = fetched({ body: '<a href="/x">' });
      curi.linkExtractorFinished = true;
      extractor().process(curi);
      expect(curi.outlinks).to.deep.equal([]);
      expect(curi.text).to.equal(undefined);
    });

    it('is cleared before a retry', () => {
      const curi = fetched({ body: '<a href="/x">' });
      extractor().process(curi);
      curi.resetForRetry();
      expect(curi.linkExtractorFinished).to.equal(false);
    });
  });

  describe('which responses it reads', () => {
    const html = '<html><body><a href="/x">x</a></body></html>';

    it('reads text/html and application/xhtml+xml, in any case and with parameters', () => {
      for (const contentType of ['text/html', 'TEXT/HTML; charset=UTF-8', 'application/xhtml+xml', ' text/html ;q=1']) {
        expect(linksOf({ body: html, contentType }), contentType).to.have.length(1);
      }
    });

    it('never parses text/plain or other declared types, even full of tags and URLs', () => {
      for (const contentType of ['text/plain', 'application/json', 'text/css', 'text/xml', 'application/octet-stream']) {
        const curi = fetched({ body: `${html} http://example.org/plain`, contentType });
        extractor().process(curi);
        expect(curi.outlinks, contentType).to.deep.equal([]);
        expect(curi.text, contentType).to.equal(undefined);
      }
    });

    it('sniffs a body sent without Content-Type', () => {
      for (const body of ['<!DOCTYPE html><a href="/x">', '\uFEFF  \n<HTML lang=en><a href="/x">', '<!-- generated --><head><title>t</title><a ' +
        'href="/x">', '<body><a href="/x">']) {
        expect(linksOf({ body, contentType: '' }), body).to.have.length(1);
      }
      for (const body of ['plain text <a href="/x">', '<?xml version="1.0"?><a href="/x"/>', '<htmlx><a href="/x">', '{"a": "<html>"}']) {
        expect(linksOf({ body, contentType: '' }), body).to.deep.equal([]);
      }
    });

    it('reads only 2xx responses with a body', () => {
      for (const status of [200, 203, 206, 299]) expect(linksOf({ body: html, status }), String(status)).to.have.length(1);
      for (const status of [301, 404, 500, 0, -2]) expect(linksOf({ body: html, status }), String(status)).to.deep.equal([]);
      expect(linksOf({ body: '' })).to.deep.equal([]);
    });

    it('skips HTML at image, audio and video paths unless ignoreUnexpectedHtml is off', () => {
      const atGif = { body: html, uri: 'http://example.org/missing/logo.GIF?v=2' };
      expect(linksOf(atGif)).to.deep.equal([]);
      expect(linksOf(atGif, { ignoreUnexpectedHtml: false })).to.have.length(1);
      expect(linksOf({ body: html, uri: 'http://example.org/img.gif/index.html' })).to.have.length(1);
    });

    it('does nothing when disabled', () => {
      expect(linksOf(html, { enabled: false })).to.deep.equal([]);
    });
  });

  describe('decoding into curi.text', () => {
    /** `<a href="/café">café</a>` in windows-1252 (é is 0xE9), after `head`. */
    function cafe1252(head: string): Buffer {
      return Buffer.concat([Buffer.from(`${head}<a ` +
        `href="/caf`, 'latin1'), Buffer.from([0xe9]), Buffer.from('">caf', 'latin1'), Buffer.from([0xe9, 0x3c, 0x2f, 0x61, 0x3e])]);
    }

    function decode(f: Fetched): CrawlUri {
      const curi = fetched(f);
      extractor().process(curi);
      return curi;
    }

    it('reads a windows-1252 page by its <meta charset>, though the crawl default is UTF-8', () => {
      const curi = decode({ body: cafe1252('<meta charset="windows-1252">'), defaultEncoding: 'UTF-8' });
      expect(curi.text).to.include('café</a>');
      expect(curi.outlinks.map((l) => l.uri)).to.deep.equal(['http://example.org/caf%C3%A9']);
    });

    it('reads <meta http-equiv="Content-Type" content="text/html; charset=...">', () => {
      const curi = decode({ body: cafe1252('<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">'), defaultEncoding: 'UTF-8' });
      expect(curi.text).to.include('café</a>');
    });

    it('lets a UTF-8 byte-order mark override a wrong header charset', () => {
      const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>café</p>', 'utf8')]);
      const curi = decode({ body, contentType: 'text/html; charset=iso-8859-1', charset: 'iso-8859-1' });
      expect(curi.text).to.equal('<p>café</p>');
    });

    it('prefers the header charset to the document\'s meta', () => {
      const body = Buffer.from('<meta charset="windows-1252"><p>café</p>', 'utf8');
      expect(decode({ body, charset: 'utf-8' }).text).to.include('café');
    });

    it('falls back to the crawl\'s default encoding, ISO-8859-1 (read as windows-1252) unless set', () => {
      const body = Buffer.from('<p>café – ok</p>', 'utf8');
      expect(decode({ body }).text).to.equal('<p>cafÃ© â€“ ok</p>');
      expect(decode({ body, defaultEncoding: 'UTF-8' }).text).to.equal('<p>café – ok</p>');
    });

    it('passes over unknown charset labels to the next source', () => {
      expect(decode({ body: cafe1252('<meta charset="windows-1252">'), charset: 'no-such-charset' }).text).to.include('café');
      expect(decode({ body: Buffer.from('<meta charset="bogus"><p>café</p>', 'utf8'), defaultEncoding: 'utf-8' }).text).to.include('café');
      expect(decode({ body: Buffer.from('<p>café</p>', 'utf8'), defaultEncoding: 'bogus' }).text).to.equal('<p>cafÃ©</p>');
    });

    it('decodes multi-byte encodings such as Shift_JIS', () => {
      const body = Buffer.concat([Buffer.from('<meta charset="shift_jis"><p>'), Buffer.from([0x93, 0xfa, 0x96, 0x7b]), Buffer.from('</p>')]);
      expect(decode({ body }).text).to.equal('<meta charset="shift_jis"><p>日本</p>');
    });
  });

  describe('hostile pages: the parse budget and the depth bound', () => {
    /** The links of a page the extractor may parse in many steps (so awaited). */
    async function linksAfterSteps(html: string, overrides: Partial<ExtractorHtmlConfig> = {}, ex = extractor(overrides)): Promise<{ links: string[]; curi: CrawlUri }> {
      const curi = fetched({ body: html });
      expect(await ex.process(curi)).to.equal('PROCEED');
      return { links: curi.outlinks.map(show), curi };
    }

    it('keeps the first links of a page over maxParseTimeMs, annotates it extractTimeTrunc, and reads the next page whole', async () => {
      // 300,000 links, 5 MB: far more than 1 ms of parsing on any machine.
      const html = '<html><body>' + Array.from({ length: 300_000 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('\n');
      const ex = extractor({ maxParseTimeMs: 1 });
      const { links, curi } = await linksAfterSteps(html, {}, ex);
      expect(links[0]).to.equal('L http://example.org/p0 a/@href');
      expect(links.length).to.be.above(0).and.below(300_000);
      expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
      expect(curi.linkExtractorFinished, 'the extractors after it skip it').to.equal(true);
      // The collector cut short is left ready: the next page is read whole, its style sheet too.
      const next = await linksAfterSteps('<style>p { background: url(/bg.png) }</style><a href="/next">n</a>', {}, ex);
      expect(next.links).to.deep.equal(['E http://example.org/bg.png =EMBED_MISC', 'L http://example.org/next a/@href']);
      expect(next.curi.annotations).to.deep.equal([]);
    });

    it('cuts a page inside a long style sheet as well, keeping the links read before', async () => {
      const css = Array.from({ length: 200_000 }, (_, i) => `.c${i} { background: url(/img/${i}.png) }`).join('\n');
      const { links, curi } = await linksAfterSteps(`<a href="/first">f</a><style>${css}</style><a href="/after">a</a>`, { maxParseTimeMs: 1 });
      expect(links[0]).to.equal('L http://example.org/first a/@href');
      expect(links).to.not.include('L http://example.org/after a/@href');
      expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
    });

    it('parses deep pages in linear time: 200,000 nested divs, 100,000 unclosed tables, 100,000 unclosed table rows and cells', async () => {
      // No time budget: were the cost quadratic again, these would take minutes and the test time out.
      const pages = [
        '<div>'.repeat(200_000),
        '<table>'.repeat(100_000),
        '<table><tr><td>'.repeat(100_000),
        '<svg>'.repeat(100_000) + '</svg>'.repeat(100_000),
        '<div>'.repeat(100_000) + '</span>'.repeat(100_000),
      ];
      for (const deep of pages) {
        const { links, curi } = await linksAfterSteps(`<a href="/before">b</a>${deep}<img src="/deep.png"><a href="/end">e</a>`, { maxParseTimeMs: 0 });
        expect(links, deep.slice(0, 20)).to.deep.equal(['L http://example.org/before a/@href', 'E http://example.org/deep.png img/@src', 'L ' +
          'http://example.org/end a/@href']);
        expect(curi.annotations).to.deep.equal([]);
      }
    });

    it('forgets the outermost elements beyond maxElementDepth, never the innermost: a style sheet 1,000 deep still ends at its end tag', async () => {
      const html = '<div>'.repeat(1000) + '<style>p { background: url(/bg.png) }</style><a href="/after">a</a>' + '</div>'.repeat(1000) + '<a ' +
        'href="/last">l</a>';
      const { links } = await linksAfterSteps(html, { maxElementDepth: 8 });
      expect(links).to.deep.equal(['E http://example.org/bg.png =EMBED_MISC', 'L http://example.org/after a/@href', 'L http://example.org/last a/@href']);
    });

    it('reads a page fed to the parser in chunks as a whole: tags, attributes and entities across chunk boundaries, style and script in document ' +
      'order', async () => {
      const parts: string[] = [];
      const expected: string[] = [];
      for (let i = 0; i < 3000; i++) {
        // Padding of every length from 0 to 36 moves each link across the 16 KiB chunk boundaries.
        parts.push('x'.repeat(i % 37), `<a title="t" href="/q?a=1&amp;b=${i}">${i}</a>`);
        expected.push(`L http://example.org/q?a=1&b=${i} a/@href`);
        if (i % 1000 === 500) {
          parts.push(`<style>.s${i} { background: url(/s${i}.png) }</style><script>load("/js${i}");</script>`);
          expected.push(`E http://example.org/s${i}.png =EMBED_MISC`, `X http://example.org/js${i} =JS_MISC`);
        }
      }
      const html = parts.join('');
      expect(html.length).to.be.above(5 * 16 * 1024);
      const { links, curi } = await linksAfterSteps(html, { extractJavascript: true });
      expect(links).to.deep.equal(expected);
      expect(curi.annotations).to.deep.equal([]);
    });

    it('reads a long style attribute in steps too, in its place among the links', async () => {
      const style = Array.from({ length: 5000 }, (_, i) => `background: url(/s${i}.png);`).join(' ');
      const { links } = await linksAfterSteps(`<a href="/a">a</a><div style="${style}"></div><a href="/b">b</a>`);
      expect(links).to.have.length(5002);
      expect(links[0]).to.equal('L http://example.org/a a/@href');
      expect(links[1]).to.equal('E http://example.org/s0.png =EMBED_MISC');
      expect(links[5001]).to.equal('L http://example.org/b a/@href');
    });

    it('parses several pages at once, each in its own slices, without mixing their links', async () => {
      const ex = extractor({ maxParseTimeMs: 0 });
      const page = (name: string) => '<div>'.repeat(100_000) + Array.from({ length: 2000 }, (_, i) => `<a href="/${name}/${i}">x</a>`).join('');
      const curis = ['a', 'b', 'c'].map((name) => fetched({ body: page(name), uri: `http://example.org/${name}/` }));
      await Promise.all(curis.map((curi) => ex.process(curi)));
      for (const [i, name] of ['a', 'b', 'c'].entries()) {
        const uris = curis[i]!.outlinks.map((l) => l.uri);
        expect(uris, name).to.have.length(2000);
        expect(uris.every((u) => u.startsWith(`http://example.org/${name}/`)), name).to.equal(true);
      }
    });
  });

  describe('on parse threads (parseThreads)', () => {
    /** The pages of the cases above that say most: every kind of link, base, meta robots, style and script, charsets, an earlier extractor's link. */
    const pages: Array<{ name: string; f: Fetched; overrides?: Partial<ExtractorHtmlConfig>; known?: Link }> = [
      { name: 'elements and contexts', f: { body: '<a href="a.html">a</a><img src="i.png" srcset="s1.png 1x, /s2.png 2x"><iframe ' +
        'src="/f"></iframe><link rel="stylesheet" href="/s.css"><form action="/go"></form><input value="/v.html"><meta http-equiv="refresh" ' +
        'content="0; url=/r">' } },
      { name: 'base href', f: { body: '<a href="before.html"></a><base href="http://cdn.example.com/root/"><a href="after.html"></a><img src="/abs.png">' } },
      { name: 'meta robots nofollow', f: { body: '<a href="/before"></a><meta name="robots" content="noindex, NOFOLLOW"><a ' +
        'href="/after"></a>' }, overrides: { metadata: metadata('obey') } },
      { name: 'meta robots under robotsTxtOnly', f: { body: '<a href="/before"></a><meta name="robots" content="nofollow"><a ' +
        'href="/after"></a>' }, overrides: { metadata: metadata('robotsTxtOnly') } },
      { name: 'style and script', f: { body: '<style>@import "p.css"; b { background: url(/bg.png) }</style><div ' +
        'style="background:url(/d.png)"></div><script>var u = "/app/data.json";</script><a rel=nofollow ' +
        'href=/n>n</a>' }, overrides: { extractJavascript: true, obeyRelNofollow: true } },
      { name: 'windows-1252 by meta charset', f: { body: Buffer.concat([Buffer.from('<meta charset="windows-1252"><a ' +
        'href="/caf', 'latin1'), Buffer.from([0xe9]), Buffer.from('">x</a>', 'latin1')]), defaultEncoding: 'UTF-8' } },
      { name: 'an earlier extractor\'s link', f: { body: '<a href="/x"></a><a ' +
        'href="/y"></a>' }, known: { uri: 'http://example.org/x', hop: 'L', context: 'Link:' } },
    ];

    /** What a page gives: its links, text, noFollow and annotations. */
    function outcome(curi: CrawlUri): unknown {
      return { links: curi.outlinks.map(show), text: curi.text, noFollow: curi.noFollow, annotations: curi.annotations, finished: curi.linkExtractorFinished };
    }

    async function processed(ex: ExtractorHtml, f: Fetched, known?: Link): Promise<CrawlUri> {
      const curi = fetched(f);
      if (known) curi.outlinks.push(known);
      expect(await ex.process(curi)).to.equal('PROCEED');
      return curi;
    }

    /** An extractor with a parse thread that is up (the pages before it are parsed here). */
    async function threaded(overrides: Partial<ExtractorHtmlConfig> = {}): Promise<ExtractorHtml> {
      const ex = extractor({ parseThreads: 1, minThreadParseBytes: 0, ...overrides });
      ex.start();
      // Parsed here until the thread is up, which it says in a turn of the event loop.
      while (ex.parsedOnThreads === 0) {
        await processed(ex, { body: `<a href="/warm-up">w</a>${' '.repeat(2048)}` });
        await new Promise((resolve) => setImmediate(resolve));
      }
      return ex;
    }

    it('finds on a thread what it finds here: the same links in the same order, text, nofollow', async () => {
      for (const { name, f, overrides, known } of pages) {
        const here = await processed(extractor(overrides), f, known);
        const ex = await threaded(overrides);
        try {
          const before = ex.parsedOnThreads;
          const there = await processed(ex, f, known);
          expect(ex.parsedOnThreads, `${name}: parsed on the thread`).to.equal(before + 1);
          expect(outcome(there), name).to.deep.equal(outcome(here));
          expect(there.outlinks.length, name).to.be.above(0);
        } finally {
          ex.stop();
        }
      }
    });

    it('parses pages under minThreadParseBytes here, and every page here with parseThreads 0', async () => {
      const ex = await threaded({ minThreadParseBytes: 1000 });
      try {
        const before = ex.parsedOnThreads;
        const small = await processed(ex, { body: '<a href="/small">s</a>' });
        expect(small.outlinks.map(show)).to.deep.equal(['L http://example.org/small a/@href']);
        expect(ex.parsedOnThreads).to.equal(before);
        await processed(ex, { body: `<a href="/large">l</a>${' '.repeat(1000)}` });
        expect(ex.parsedOnThreads).to.equal(before + 1);
      } finally {
        ex.stop();
      }
      const off = extractor({ parseThreads: 0, minThreadParseBytes: 0 });
      off.start();
      expect(off.process(fetched({ body: '<a href="/x">x</a>' })), 'parsed at once, here').to.equal('PROCEED');
      expect(off.parsedOnThreads).to.equal(0);
      off.stop();
    });

    it('keeps a thread within maxParseTimeMs: the first links, extractTimeTrunc', async () => {
      const ex = await threaded({ maxParseTimeMs: 1 });
      try {
        const html = '<html><body>' + Array.from({ length: 300_000 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('\n');
        const curi = await processed(ex, { body: html });
        expect(curi.outlinks[0] && show(curi.outlinks[0])).to.equal('L http://example.org/p0 a/@href');
        expect(curi.outlinks.length).to.be.above(0).and.below(300_000);
        expect(curi.annotations).to.deep.equal([EXTRACT_TIME_TRUNC]);
      } finally {
        ex.stop();
      }
    });

    it('parses here a page that was at a thread when the threads stopped', async () => {
      const ex = await threaded({ maxParseTimeMs: 0 });
      const html = '<div>'.repeat(50_000) + Array.from({ length: 20_000 }, (_, i) => `<a href="/p${i}">${i}</a>`).join('');
      const curi = fetched({ body: html });
      const result = ex.process(curi);
      expect(result).to.be.instanceOf(Promise);
      ex.stop();
      expect(await result).to.equal('PROCEED');
      expect(curi.outlinks).to.have.length(20_000);
    });
  });
});
