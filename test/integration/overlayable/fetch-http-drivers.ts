import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, byEffect, uriUnder, type DriveContext, type Driver } from './driver.js';
import { knownHost } from './known-host.js';
import { CONTACT, echoedHeaders, fetchFromSite, metadata, type FetchOptions } from './loopback-fetch.js';
import { SUBJECT, type RecordingSheetOverlay } from './recording-overlay.js';
import type { Route } from '../../support/site-server.js';
import type { FetchHistoryRecord } from '../../../src/model/fetch-history.js';
import type { Processor } from '../../../src/model/processor.js';
import { VERSION } from '../../../src/util/version.js';

/** The routes FetchHttp's cases fetch. Timed ones stop their timers when the client goes. */
const ROUTES: Record<string, Route> = {
  '/echo': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(req.headers));
  },
  '/kilobyte': { headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(1000, 'a') },
  '/gzipped-kilobyte': { headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(1000, 'a')) },
  '/no-charset': { headers: { 'content-type': 'text/html' }, body: Buffer.from('<p>café</p>', 'utf8') },
  // Silent for 1.5 s, then an answer: within the default silence allowed, beyond a sheet's 300 ms.
  '/answers-late': (_req, res) => {
    const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('late'), 1500);
    res.on('close', () => clearTimeout(timer));
  },
  // A body that keeps coming for 2 s, never silent for long: only a limit on the whole fetch cuts it.
  '/trickle': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const tick = setInterval(() => res.write('.'), 100);
    const end = setTimeout(() => {
      clearInterval(tick);
      res.end();
    }, 2000);
    res.on('close', () => {
      clearInterval(tick);
      clearTimeout(end);
    });
  },
};

/** What FetchHttp is given of an earlier fetch with content (PersistLoadProcessor loads it in a crawl). */
const EARLIER_FETCH: FetchHistoryRecord = {
  fetches: [{ status: 200, fetchTime: Date.now() - 86_400_000, etag: '"v1"', lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT' }],
  document: true, lastSeenRun: 1, lastTriedRun: 1, firstSeenRun: 1, goneCount: 0,
};

/** One request header the site got from FetchHttp (the subject), under `options`. */
function sentHeader(name: string, options: FetchOptions = {}) {
  return async (overlay: RecordingSheetOverlay, ctx: DriveContext) =>
    echoedHeaders(await fetchFromSite(ctx, overlay, '/echo', { beanName: SUBJECT, ...options }))[name];
}

let signingKey: Promise<string> | undefined;

/** An Ed25519 signing key in a file only its owner reads, made once for the signing cases (left in the system's temporary folder). */
function signingKeyFile(): Promise<string> {
  signingKey ??= (async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'beancrawl-signing-')), 'key.pem');
    await writeFile(path, generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
    return path;
  })();
  return signingKey;
}

/** The request headers of a fetch of /echo with a signing key (and `config`): what `pick` takes of them. */
function signedHeader(config: Record<string, unknown>, pick: (sent: Record<string, string | undefined>) => unknown) {
  return async (overlay: RecordingSheetOverlay, ctx: DriveContext) =>
    pick(echoedHeaders(await fetchFromSite(ctx, overlay, '/echo', { beanName: SUBJECT, config: { signingKeyFile: await signingKeyFile(), ...config } })));
}

/** `expires` - `created` of a Signature-Input. */
function validityOf(input: string | undefined): number | undefined {
  const m = /;created=(\d+);expires=(\d+)/.exec(input ?? '');
  return m === null ? undefined : Number(m[2]) - Number(m[1]);
}

const FETCH_HTTP: Driver = {
  component: 'FetchHttp',
  routes: ROUTES,
  cases: [
    byEffect('enabled', false, 'nothing is fetched', { base: 200, sheet: 0 },
      async (overlay, ctx) => (await fetchFromSite(ctx, overlay, '/echo', { beanName: SUBJECT })).fetchStatus),
    byEffect('timeoutSeconds', 1, 'a body still arriving after a second is cut (timeTrunc)', { base: false, sheet: true },
      async (overlay, ctx) => (await fetchFromSite(ctx, overlay, '/trickle', { beanName: SUBJECT })).annotations.includes('timeTrunc')),
    byEffect('soTimeoutMs', 300, 'a server silent for 1.5 s times out (-4)', { base: 200, sheet: -4 },
      async (overlay, ctx) => (await fetchFromSite(ctx, overlay, '/answers-late', { beanName: SUBJECT })).fetchStatus),
    byEffect('maxLengthBytes', 300, 'only 300 bytes of the response, headers included, are read ' +
      '(lenTrunc)', { base: [1000, false, false], sheet: [true, true] }, async (overlay, ctx) => {
      const curi = await fetchFromSite(ctx, overlay, '/kilobyte', { beanName: SUBJECT });
      const lenTrunc = curi.annotations.includes('lenTrunc');
      return lenTrunc ? [curi.recordedSize === 300, lenTrunc] : [curi.response!.rawBody.length, curi.recordedSize === 300, lenTrunc];
    }),
    byEffect('defaultEncoding', 'UTF-8', 'a page without a charset is decoded as UTF-8 by the extractor after ' +
      'it', { base: '<p>cafÃ©</p>', sheet: '<p>café</p>' },
      async (overlay, ctx) => {
        const curi = await fetchFromSite(ctx, overlay, '/no-charset', { beanName: SUBJECT });
        await (await build<Processor>('ExtractorHtml', {}, 'extractorHtml')).process(curi);
        return curi.text;
      }),
    byEffect('acceptCompression', false, 'no Accept-Encoding is sent', { base: 'gzip, deflate, br', sheet: undefined }, sentHeader('accept-encoding')),
    byEffect('acceptHeaders', ['Accept-Language: fr'], 'the sheet\'s header lines are sent instead of Accept',
      { base: ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', undefined], sheet: [undefined, 'fr'] },
      async (overlay, ctx) => {
        const sent = echoedHeaders(await fetchFromSite(ctx, overlay, '/echo', { beanName: SUBJECT }));
        return [sent.accept, sent['accept-language']];
      }),
    byEffect('sendIfModifiedSince', false, 'no If-Modified-Since is sent for a URI fetched before', { base: 'Wed, 01 Jan 2025 00:00:00 GMT', sheet: undefined },
      sentHeader('if-modified-since', { before: (curi) => (curi.history = EARLIER_FETCH) })),
    byEffect('sendIfNoneMatch', false, 'no If-None-Match is sent for a URI fetched before', { base: '"v1"', sheet: undefined },
      sentHeader('if-none-match', { before: (curi) => (curi.history = EARLIER_FETCH) })),
    byEffect('sendConnectionClose', true, 'the request says Connection: close', { base: 'keep-alive', sheet: 'close' }, sentHeader('connection')),
    byEffect('sendReferer', false, 'the page a link was found on is not sent as Referer', { base: 'http://example.org/page', sheet: undefined },
      sentHeader('referer', { init: { hopsPath: 'L', via: 'http://example.org/page' } })),
    // A base maxLengthBytes of 500: a Range is asked only with a length limit.
    byEffect('sendRange', true, 'a Range of the first 500 bytes is asked', { base: undefined, sheet: 'bytes=0-499' },
      sentHeader('range', { config: { maxLengthBytes: 500 } })),
    byEffect('ignoreCookies', true, 'the cookie the store holds for the site is not sent', { base: 'session=1', sheet: undefined }, async (overlay, ctx) => {
      const cookieStore = await build<{ storeSetCookies(url: URL, values: readonly string[]): void }>('CookieStore', {}, 'cookieStore');
      cookieStore.storeSetCookies(new URL(`${ctx.site.origin}/`), ['session=1']);
      return echoedHeaders(await fetchFromSite(ctx, overlay, '/echo', { beanName: SUBJECT, config: { cookieStore } })).cookie;
    }),
    byEffect('digestContent', false, 'the body gets no digest', { base: true, sheet: false },
      async (overlay, ctx) => (await fetchFromSite(ctx, overlay, '/kilobyte', { beanName: SUBJECT })).contentDigest !== undefined),
    byEffect('maxDecodedBytes', 10, 'a gzipped kilobyte is too big to decode and is kept as it came', { base: false, sheet: true },
      async (overlay, ctx) => (await fetchFromSite(ctx, overlay, '/gzipped-kilobyte', { beanName: SUBJECT })).annotations.includes('unsatisfiableContentEncoding:gzip')),
    byEffect('signRequests', true, 'the request is signed (Signature-Input, Signature)', { base: [false, false], sheet: [true, true] },
      signedHeader({}, (sent) => [sent['signature-input'] !== undefined, sent.signature !== undefined])),
    byEffect('signatureAgent', 'https://crawler.example', 'the Signature-Agent is sent and covered', { base: [undefined, false],
      sheet: ['sig1="https://crawler.example"', true] },
    signedHeader({ signRequests: true }, (sent) => [sent['signature-agent'], (sent['signature-input'] ?? '').includes('"signature-agent";key="sig1"')])),
    byEffect('signatureValiditySeconds', 60, 'the signature expires a minute after it is made', { base: 300, sheet: 60 },
      signedHeader({ signRequests: true }, (sent) => validityOf(sent['signature-input']))),
  ],
};

/** The User-Agent FetchHttp sends for a contact URL under the default template. */
const userAgentWith = (contact: string) => `Mozilla/5.0 (compatible; beancrawl/${VERSION} +${contact})`;

/** A request's User-Agent and From as the site got them, the subject being the crawl's metadata. */
async function identitySent(overlay: RecordingSheetOverlay, ctx: DriveContext): Promise<[string | undefined, string | undefined]> {
  const sent = echoedHeaders(await fetchFromSite(ctx, overlay, '/echo', { config: { metadata: await metadata(SUBJECT) } }));
  return [sent['user-agent'], sent.from];
}

const CRAWL_METADATA: Driver = {
  component: 'CrawlMetadata',
  cases: [
    byEffect('operatorContactUrl', 'https://example.org/other-contact', 'the User-Agent the site gets names the sheet\'s contact',
      { base: [userAgentWith(CONTACT), undefined], sheet: [userAgentWith('https://example.org/other-contact'), undefined] }, identitySent),
    byEffect('operatorFrom', 'crawler@example.org', 'the site gets a From ' +
      'header', { base: [userAgentWith(CONTACT), undefined], sheet: [userAgentWith(CONTACT), 'crawler@example.org'] },
      identitySent),
    byEffect('userAgentTemplate', 'TestBot/@VERSION@ (+@OPERATOR_CONTACT_URL@)', 'the site gets the sheet\'s User-Agent',
      { base: [userAgentWith(CONTACT), undefined], sheet: [`TestBot/${VERSION} (+${CONTACT})`, undefined] }, identitySent),
    byEffect('robotsPolicyName', 'ignore', 'the preconditions let a URI robots.txt disallows be fetched', { base: -9998, sheet: 0 }, async (overlay) => {
      const serverCache = await knownHost({ robotsTxt: 'User-agent: *\nDisallow: /private/\n' });
      const enforcer = await build<Processor>('PreconditionEnforcer', { serverCache, metadata: await metadata(SUBJECT) }, 'preconditions');
      const curi = uriUnder(overlay, 'http://example.org/private/x');
      await enforcer.process(curi);
      return curi.fetchStatus;
    }),
  ],
};

export const FETCH_HTTP_DRIVERS: Driver[] = [FETCH_HTTP, CRAWL_METADATA];
