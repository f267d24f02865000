// Apart from its class, so that verify does not initialise undici: see CONTRIBUTING.md, "Adding a component".
import { isIP } from 'node:net';
import { isAbsolute, join, relative } from 'node:path';
import { defineComponent, type BeanView, type ComponentClass, type ValidateContext, type ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { orderedIssues } from '../../beans/registry/ordered-properties.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { DIGEST_ALGORITHMS } from './content-digest.js';
import { proxyUri } from './proxy-uri.js';
import { parseHeaderLine } from './request-headers.js';

export const HERITRIX_ACCEPT_HEADER = 'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

export const fetchHttpComponent = defineComponent({
  name: 'FetchHttp',
  aliases: ['FetchHTTP', 'org.archive.modules.fetcher.FetchHTTP'],
  description:
    'Fetches http(s) URIs with GET over kept-alive HTTP/1.1 connections (one per server), connecting to the address ' +
    'FetchDns recorded. Keeps the response as received (headers in order, body with its content coding) and decoded. ' +
    'Redirects are not followed (the Location becomes a link), except for robots.txt prerequisites, whose result it records.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    timeoutSeconds: {
      type: 'integer', minimum: 0, default: 1200, overlayable: true,
      description: 'Longest time for one fetch. A body still arriving then is cut (annotation `timeTrunc`); without a response yet the fetch fails ' +
        'with -4. 0 = no limit.',
    },
    soTimeoutMs: {
      type: 'integer', minimum: 0, default: 20000, overlayable: true,
      description: 'Longest wait to connect (then -2) and longest silence while awaiting headers or body data (then -4), in ms. 0 = none (not recommended). ' +
        'Sheets change the silence only; the connect timeout is the bean\'s own value.',
    },
    maxLengthBytes: {
      type: 'integer', minimum: 0, default: 0, overlayable: true,
      description: 'Most bytes of a response to read, counted as Heritrix\'s recorder counts them: status line, headers and ' +
        'the entity as received (chunk framing included). The rest is not downloaded, the URI is annotated `lenTrunc` and its ' +
        'record marked `WARC-Truncated: length`; a head longer than the limit is kept whole, without body. 0 = no limit.',
    },
    recorderInBufferBytes: {
      type: 'integer', minimum: 65536, default: 524288,
      description: 'Most bytes of one response held in memory (Heritrix\'s CrawlController.recorderInBufferBytes, here per fetcher): the rest ' +
        'goes to a file in scratchDir as it arrives (digested on the way), and writers stream it from there into their records. Extractors, ' +
        'content decoding and receivers get the whole body read back from there up to maxBodyInMemoryBytes.',
    },
    maxBodyInMemoryBytes: {
      type: 'integer', minimum: 65536, default: 16777216,
      description: 'Largest body extractors, content decoding and receivers (a mirror, a document list) get whole: a response kept partly ' +
        'in scratchDir is read back up to this size. A larger one is kept whole in the WARC record, and the others get its first ' +
        'recorderInBufferBytes, annotated `inMemoryTrunc` in crawl.log.',
    },
    scratchDir: {
      type: 'string', default: 'scratch', path: true,
      description: 'The folder for the files of responses larger than recorderInBufferBytes (Heritrix\'s `.ris` backing files). A file is ' +
        'removed once its URI is done; files left by a crawl that was killed are removed when the next one starts.',
    },
    maxFetchKBSec: {
      type: 'integer', minimum: 0, default: 0, overlayable: true,
      description: 'Not implemented yet: accepted for Heritrix files; fetches run at full speed whatever the value.',
    },
    defaultEncoding: {
      type: 'string', default: 'ISO-8859-1', overlayable: true,
      description: 'The charset assumed for text when neither the headers nor the document give one.',
    },
    acceptCompression: {
      type: 'boolean', default: true, overlayable: true,
      description: 'Send `Accept-Encoding: gzip, deflate, br`. The raw body stays compressed (WARC, digest); extractors get it decoded. ' +
        'Heritrix\'s default is false.',
    },
    acceptHeaders: {
      type: 'array', items: { type: 'string' }, default: [HERITRIX_ACCEPT_HEADER], overlayable: true,
      description: 'Whole header lines sent with every request (`Accept-Language: en`), Heritrix\'s browser-like Accept by default.',
    },
    sendIfModifiedSince: { type: 'boolean', default: true, overlayable: true, description: 'Send If-Modified-Since with the Last-Modified of the ' +
      'URI\'s last fetch with content (fetch history, loaded by PersistLoadProcessor).' },
    sendIfNoneMatch: { type: 'boolean', default: true, overlayable: true, description: 'Send If-None-Match with the ETag of the URI\'s last fetch ' +
      'with content (fetch history, loaded by PersistLoadProcessor).' },
    sendConnectionClose: { type: 'boolean', default: false, overlayable: true, description: 'Send `Connection: close` and open a new connection ' +
      'for every request. Heritrix\'s default is true.' },
    sendReferer: {
      type: 'boolean', default: true, overlayable: true,
      description: 'Send the page a URI was found on as Referer (never for prerequisites, nor an https page for an http URI).',
    },
    sendRange: { type: 'boolean', default: false, overlayable: true, description: 'With maxLengthBytes set, ask for only that many bytes (`Range: ' +
      'bytes=0-N`).' },
    ignoreCookies: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Neither send cookies nor keep those responses set. Without a cookie store (`cookieStore`) no cookie is handled anyway.',
    },
    sslTrustLevel: {
      type: 'string', enum: ['OPEN', 'LOOSE', 'NORMAL', 'STRICT'], default: 'OPEN',
      description: 'OPEN accepts any certificate (expired, self-signed, other names); the others require a valid certificate for the host name.',
    },
    useHTTP11: { type: 'boolean', default: true, description: 'Accepted for Heritrix files: requests are always HTTP/1.1 (keep-alive).' },
    digestContent: { type: 'boolean', default: true, overlayable: true, description: 'Compute the digest of the body as received (crawl.log, WARC, ' +
      'duplicate detection).' },
    digestAlgorithm: { type: 'string', enum: DIGEST_ALGORITHMS, default: 'sha1', description: 'The digest algorithm.' },
    maxDecodedBytes: {
      type: 'integer', minimum: 1, default: 104857600, overlayable: true,
      description: 'Most bytes a compressed body may decode to; past it the body is kept undecoded and annotated `unsatisfiableContentEncoding:CODING`.',
    },
    httpProxyHost: {
      type: 'string', default: '',
      description: 'An HTTP proxy to fetch through (a host name or address); empty fetches directly. http URIs are sent to it in absolute form, ' +
        'https ones through a CONNECT tunnel; it resolves host names itself, though the crawl still looks each host up (dns:) first.',
    },
    httpProxyPort: { type: 'integer', minimum: 0, maximum: 65535, default: 0, description: 'The proxy\'s port; required with httpProxyHost.' },
    httpProxyUser: { type: 'string', default: '', description: 'A user name for the proxy (sent as `Proxy-Authorization: Basic`); empty sends none.' },
    httpProxyPassword: { type: 'string', default: '', description: 'The proxy user\'s password.' },
    httpBindAddress: {
      type: 'string', default: '',
      description: 'The local IP address connections are made from, on a machine with several; empty lets the system choose. Not used through a proxy.',
    },
    signRequests: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Sign every request (robots.txt, pages, each retry, redirect and authentication anew) as Web Bot Auth specifies: an HTTP ' +
        'Message Signature (RFC 9421) made with the Ed25519 key of signingKeyFile, covering `@authority` and the Signature-Agent, with ' +
        '`created`, `expires`, `keyid` (the key\'s JWK thumbprint), `alg="ed25519"`, a nonce and `tag="web-bot-auth"`. A sheet can switch it ' +
        'per site. `beancrawl keys JOB` makes the key and the key directory to publish.',
    },
    signingKeyFile: {
      type: 'string', default: 'keys/web-bot-auth.pem', path: true,
      description: 'The Ed25519 private key (PKCS #8 PEM) requests are signed with, relative to the job folder. It must be readable by its ' +
        'owner only (BC_KEY_EXPOSED otherwise); loaded at start when it exists or signRequests is on.',
    },
    signatureAgent: {
      type: 'string', default: '', overlayable: true,
      description: 'The URL sent as `Signature-Agent` (and covered by the signature): where sites find the key directory, an https origin ' +
        'serving `/.well-known/http-message-signatures-directory`. Empty sends none (the signature then covers `@authority` alone).',
    },
    signatureValiditySeconds: {
      type: 'integer', minimum: 1, maximum: 86400, default: 300, overlayable: true,
      description: 'How long a signature is good for after it is made (`expires` - `created`), in seconds.',
    },
  },
  refs: {
    ...PROCESSOR_REFS,
    shouldFetchBodyRule: {
      kind: 'DecideRule',
      description: 'Asked once the headers are in (it sees the status and content type): REJECT stops the fetch there (annotation ' +
        '`midFetchAbort`). Prerequisites are always read. Unset reads every body.',
    },
    serverCache: { kind: 'ServerCache', autowire: true, required: true, description: 'Where the addresses to connect to come from, and robots.txt ' +
      'results go.' },
    metadata: { kind: 'CrawlMetadata', autowire: true, required: true, description: 'User-Agent and From.' },
    cookieStore: {
      kind: 'CookieStore', autowire: true,
      description: 'The crawl\'s cookie jar: cookies it holds for a URI are sent, and those a response sets are kept. Without one, no cookie is handled.',
    },
    credentialStore: {
      kind: 'CredentialStore', autowire: true,
      description: 'Logins for HTTP basic and digest authentication: a 401 whose challenge a credential of the server answers is fetched once more ' +
        'with it, at once (Heritrix requeues the URI), and the server gets it with every later request.',
    },
    loggerModule: {
      kind: 'CrawlLogger', autowire: true,
      description: 'Hears (alerts.log) when a form login (HtmlFormCredential) fails: its URI answers 4xx or 5xx, cannot be fetched, ' +
        'or lands back on the login form. Heritrix only leaves such a login unused; the server\'s URIs are fetched either way.',
    },
  },
  validate: validateFetchHttp,
  load: async (): Promise<ComponentClass> => (await import('./fetch-http.js')).FetchHttp,
});

async function validateFetchHttp(bean: BeanView, ctx: ValidateContext): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  issues.push(...orderedIssues(bean, { property: 'soTimeoutMs', off: [0] }, { property: 'timeoutSeconds', scale: 1000, off: [0] },
    'a fetch ends at timeoutSeconds first, as in Heritrix: no connect or silence lasts longer than that', 'lower', 'warning'));
  issues.push(...proxyIssues(String(bean.config.httpProxyHost ?? ''), Number(bean.config.httpProxyPort ?? 0)));
  const bind = String(bean.config.httpBindAddress ?? '');
  if (bind !== '' && isIP(bind) === 0) issues.push({ property: 'httpBindAddress', message: `"${bind}" is not an IP address` });
  for (const line of (bean.config.acceptHeaders ?? []) as string[]) {
    if (parseHeaderLine(line) === undefined) issues.push({ property: 'acceptHeaders', message: `"${line}" is not a header line of the form "Name: value"` });
  }
  const encoding = String(bean.config.defaultEncoding ?? '');
  try {
    new TextDecoder(encoding);
  } catch {
    issues.push({ property: 'defaultEncoding', message: `"${encoding}" is not a known character encoding` });
  }
  issues.push(...(await signingIssues(bean, ctx)));
  return issues;
}

/**
 * The signing key, when it exists or signRequests is on: readable, owner-only, Ed25519; and a
 * Signature-Agent that is an http(s) URL. A key missing while only sheets switch signing on is
 * said at launch, when a URI asks for it.
 */
async function signingIssues(bean: BeanView, ctx: ValidateContext): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  const agent = String(bean.config.signatureAgent ?? '');
  if (agent !== '' && !/^https?:\/\/[\x21-\x7e]+$/.test(agent)) {
    issues.push({ property: 'signatureAgent', message: `"${agent}" is not an http(s) URL in printable ASCII` });
  }
  const file = String(bean.config.signingKeyFile ?? '');
  const path = isAbsolute(file) ? file : join(ctx.jobDir, file);
  const { readSigningKey } = await import('../../util/http-signatures/read-signing-key.js');
  // Named as from the job folder when it is in it (the property's value is already resolved).
  const shown = relative(ctx.jobDir, path);
  const read = await readSigningKey(path, shown.startsWith('..') || isAbsolute(shown) ? path : shown);
  if (!('code' in read)) return issues;
  if (read.missing === true && bean.config.signRequests !== true) return issues;
  const hints = read.code === 'BC_FILE_READ' ? ['`beancrawl keys JOB` makes a key pair in JOB/keys/'] : undefined;
  issues.push({ property: 'signingKeyFile', code: read.code, message: read.problem, hints });
  return issues;
}

function proxyIssues(host: string, port: number): ValidationIssue[] {
  if (host === '') return [];
  if (port === 0) return [{ property: 'httpProxyPort', message: 'a proxy needs its port: set httpProxyPort' }];
  const uri = proxyUri(host, port);
  const url = URL.canParse(uri) ? new URL(uri) : undefined;
  if (url === undefined || url.hostname === '' || url.pathname !== '/' || (url.port || '80') !== String(port)) return [{ property: 'httpProxyHost', message: `"${host}" is not a host name or address` }];
  return [];
}
