import { formBody } from './html-form-credential.js';
import type { LookupFunction } from 'node:net';
import { ipVersion } from '../../util/url/ip-version.js';
import type { Dispatcher } from 'undici';
import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { FormLoginCredential } from '../../model/credential-store.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { DecideResult } from '../../model/decide-result.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { failureReason } from '../../model/failure-reason.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { decodeContent } from './decode-content.js';
import { errorCodeOf, fetchErrorStatus, NO_ADDRESS_CODE } from './fetch-error-status.js';
import type { fetchHttpComponent } from './fetch-http.descriptor.js';
import { finishWith } from './finish-with.js';
import { formLoginFailure } from './form-login-outcome.js';
import { rawHeaderValue, rawHeaderValues } from './header-map.js';
import { ipLiteralOf } from './host-key-of.js';
import { HttpAuthenticator } from './http-authenticator.js';
import { destroyDispatcher, httpDispatcher } from './http-dispatcher.js';
import { HttpExchange } from './http-exchange.js';
import { httpUrlOf } from './http-url-of.js';
import { recordResponse } from './record-response.js';
import { usageAnnotations, usagePreferencesOf } from '../../model/usage-preferences-of.js';
import { USAGE_PREFERENCES } from '../../model/usage-preferences.js';
import { flatHeaderLines, refererFor, requestHeadOf } from './request-headers.js';
import { isFailure, systemLookup } from './resolve-host.js';
import { MAX_ROBOTS_REDIRECTS, redirectTarget, updateRobots } from './robots-outcome.js';
import { readSigningKey } from '../../util/http-signatures/read-signing-key.js';
import type { WebBotAuthSigner } from '../../util/http-signatures/web-bot-auth-signer.js';
import { ScratchFolder } from '../../util/scratch-folder.js';

export type FetchHttpConfig = ConfigOf<typeof fetchHttpComponent>;

/**
 * Heritrix's FetchHTTP on undici: one dispatcher (start() to stop()) with one kept-alive
 * connection per origin, whose lookup answers from the server cache, so that a URI is fetched
 * from the address FetchDns recorded (a host without one fails with -6); or, with a proxy, undici's
 * ProxyAgent. Cookies come from and go to the cookie store; a 401 is answered once with a
 * matching credential of the credential store, inline (Heritrix requeues the URI instead). A
 * /robots.txt prerequisite is followed through redirects and its result recorded for its
 * server (ServerCache, robots key). Properties are read through the URI's sheets.
 */
export class FetchHttp extends Processor<typeof fetchHttpComponent> {
  #agent?: Dispatcher;
  #auth?: HttpAuthenticator;
  #acceptSource?: readonly string[];
  #acceptFlat: string[] = [];
  #scratch?: ScratchFolder;
  #signer?: WebBotAuthSigner;
  #unsignedSaid = false;

  async start(): Promise<void> {
    // The connection pool is made once, for no URI: its connect timeout is the bean's own soTimeoutMs.
    this.#agent ??= httpDispatcher(this.configForNoUri(), this.#lookup);
    if (this.config.credentialStore !== undefined) this.#auth ??= new HttpAuthenticator(this.config.credentialStore);
    // A job makes scratchDir absolute (under the job folder); a FetchHttp made without one uses the system's temporary folder.
    this.#scratch ??= new ScratchFolder(this.config.scratchDir);
    await this.#scratch.open();
    await this.#loadSigningKey();
  }

  /** The signing key, when its file exists or the bean signs every request (then a key that cannot be used fails the start). */
  async #loadSigningKey(): Promise<void> {
    if (this.#signer !== undefined) return;
    const read = await readSigningKey(this.config.signingKeyFile);
    if ('signer' in read) this.#signer = read.signer;
    else if (this.configForNoUri().signRequests || read.missing !== true) throw new Error(`${read.code}: ${read.problem}`);
  }

  async stop(): Promise<void> {
    const agent = this.#agent;
    this.#agent = undefined;
    if (agent) await destroyDispatcher(agent);
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    return curi.uri.startsWith('http:') || curi.uri.startsWith('https:');
  }

  protected async innerProcess(curi: CrawlUri, c: ConfigOf<typeof fetchHttpComponent>): Promise<ProcessResult> {
    const url = httpUrlOf(curi);
    if (url === undefined) return finishWith(curi, FetchStatus.UNFETCHABLE_URI);
    const ip = this.#addressOf(url.hostname);
    if (ip === undefined) return finishWith(curi, FetchStatus.DOMAIN_PREREQUISITE_FAILURE);
    const robotsPrerequisite = curi.isRobotsPrerequisite;
    curi.fetchBeginTime = Date.now();
    const exchange = await this.#authenticatedGet(url, curi, c, robotsPrerequisite ? undefined : this.#bodyWanted(curi, c));
    curi.fetchDurationMs = Date.now() - curi.fetchBeginTime;
    if (exchange.leaseLost) return discardForLease(curi);
    await recordResponse(curi, exchange, ip, c);
    this.#noteConnection(curi, url, exchange);
    if (curi.formLogin !== undefined) this.#judgeFormLogin(curi, curi.formLogin);
    if (robotsPrerequisite) await this.#learnRobots(curi, url, exchange, c);
    else if (exchange.statusCode > 0) this.#noteUsage(curi, url, exchange, c);
    return curi.fetchStatus < 0 ? FINISH : PROCEED;
  }

  /**
   * A fetch that found no connection (refused, reset before any answer, timed out, a TLS failure)
   * is said in alerts.log at once, naming the server and why, as FetchDns says a host that does
   * not resolve: its URIs wait for retries meanwhile, which take hours with Heritrix's policy, and
   * a seed that cannot be reached looks like a crawl that does nothing. Once a reason a server,
   * until a fetch of it gets an answer.
   */
  /** The servers (host:port) whose lack of connection was said, with the reason said: none is looked up while every fetch gets an answer. */
  readonly #unreachable = new Map<string, string>();

  #noteConnection(curi: CrawlUri, url: URL, exchange: HttpExchange): void {
    const status = curi.fetchStatus;
    const unanswered = exchange.error !== undefined && exchange.statusCode === 0 &&
      (status === FetchStatus.CONNECT_FAILED || status === FetchStatus.CONNECT_LOST || status === FetchStatus.TIMEOUT);
    const said = this.#unreachable;
    if (!unanswered) {
      if (status > 0 && said.size > 0) said.delete(url.host);
      return;
    }
    const code = errorCodeOf(exchange.error!);
    if (said.get(url.host) === code) return;
    said.set(url.host, code);
    const then = status === FetchStatus.TIMEOUT ? 'a timed-out URI is not retried' : 'its URIs wait to be retried (frontier retryDelaySeconds, maxRetries)';
    this.config.loggerModule?.alert?.('WARNING', `host ${url.host}: ${failureReason(status, [`err:${code}`])}, fetching ${curi.uri}; ${then}`);
  }

  /**
   * The URI's usage preferences (robots.txt's Content-Signal and Content-Usage for the crawler,
   * the response's Content-Usage header), computed once here: kept on its try for the WARC
   * metadata record and receivers, and annotated for crawl.log.
   */
  #noteUsage(curi: CrawlUri, url: URL, exchange: HttpExchange, c: FetchHttpConfig): void {
    const robots = this.config.serverCache.host(url.host).robots;
    const header = rawHeaderValue(exchange.rawHeaders, 'content-usage');
    if (robots?.usagePreferences === undefined && header === undefined) return;
    const preferences = usagePreferencesOf(robots, c.metadata.forUri(curi).userAgent, curi.uri, header);
    if (preferences === undefined) return;
    curi.attempt.setExtra(USAGE_PREFERENCES, preferences);
    for (const note of usageAnnotations(preferences)) curi.annotations.push(note);
  }

  /** A form login that failed is told to the operator; the server's URIs go on without it, as in Heritrix. */
  #judgeFormLogin(curi: CrawlUri, login: FormLoginCredential): void {
    const failure = formLoginFailure(curi, login);
    if (failure === undefined) return;
    this.config.loggerModule?.alert?.('WARNING', `form login for ${login.domain} failed: ${login.httpMethod} ${curi.uri} ${failure}; ` +
      `the server's URIs are fetched without it`);
  }

  /** A GET; after a 401 whose challenge a credential answers, the same GET once more with it. */
  async #authenticatedGet(url: URL, curi: CrawlUri, c: FetchHttpConfig, wantBody?: (exchange: HttpExchange) => boolean): Promise<HttpExchange> {
    const auth = this.#auth;
    const target = url.pathname + url.search;
    const first = await this.#get(url, curi, c, wantBody, auth?.preemptive(url, target));
    if (auth === undefined || first.statusCode !== 401 || first.error !== undefined) return first;
    const answer = auth.answer(url, first.rawHeaders, target);
    if (answer === undefined) return first;
    const second = await this.#get(url, curi, c, wantBody, answer.authorization);
    auth.settle(url, answer.login, second.statusCode);
    return second;
  }

  async #get(
    url: URL, curi: CrawlUri, c: FetchHttpConfig, wantBody?: (exchange: HttpExchange) => boolean, authorization?: string, resent = false,
  ): Promise<HttpExchange> {
    const agent = this.#agent;
    if (agent === undefined) throw new Error('FetchHttp was used before start()');
    const path = url.pathname + url.search;
    const headers = this.#requestHeaders(curi, url, c, authorization);
    const form = formRequest(curi, path);
    if (form.body !== undefined) headers.push('Content-Type', 'application/x-www-form-urlencoded', 'Content-Length', String(Buffer.byteLength(form.body)));
    const proxied = this.config.httpProxyHost !== '' && url.protocol === 'http:';
    curi.requestHead = requestHeadOf(proxied ? url.origin + form.path : form.path, url.host, c.sendConnectionClose, headers, form.method);
    const exchange = await this.#exchange(agent, url, curi, c, form, headers, wantBody);
    // A kept-alive connection the server closed as the request went out: once more, on a new one
    // (undici opens it), for a request that can be sent twice; not a failure to wait retryDelaySeconds for.
    // Its headers are made anew (a signed request gets a fresh signature: none is ever sent twice).
    if (!resent && exchange.lostKeptConnection && form.body === undefined) {
      this.#resentOnNewConnection++;
      return this.#get(url, curi, c, wantBody, authorization, true);
    }
    this.#keepCookies(url, exchange, c);
    return exchange;
  }

  /** Requests sent again because their kept-alive connection had been closed by the server (processors-report). */
  #resentOnNewConnection = 0;

  override reportLines(): string[] {
    const n = this.#resentOnNewConnection;
    return n > 0 ? [`  ${n} requests sent again on a new connection (a kept-alive one closed by its server)`] : [];
  }

  /** One request and its answer, through the agent, within the URI's limits and lease. */
  async #exchange(
    agent: Dispatcher, url: URL, curi: CrawlUri, c: FetchHttpConfig, form: ReturnType<typeof formRequest>, headers: string[],
    wantBody?: (exchange: HttpExchange) => boolean,
  ): Promise<HttpExchange> {
    const exchange = new HttpExchange({
      soTimeoutMs: c.soTimeoutMs, timeoutMs: c.timeoutSeconds * 1000, maxLengthBytes: c.maxLengthBytes, method: form.method,
      inMemoryBytes: this.config.recorderInBufferBytes, spillPath: () => this.#spillPath(curi), digestAlgorithm: c.digestAlgorithm,
      mayStart: curi.leaseValidUntil === undefined ? undefined : () => leaseHeld(curi),
    }, wantBody);
    // A lease about to run out (a shared frontier) ends the fetch: what it got is no answer of the URI's (discardForLease).
    const leaseLost = (): void => exchange.loseLease();
    curi.leaseSignal?.addEventListener('abort', leaseLost, { once: true });
    // Checked by this process's clock before the request is dispatched, and again when the connection
    // is ready to write it (mayStart): a process stopped past its lease sends nothing.
    if (!leaseHeld(curi)) leaseLost();
    else {
      agent.dispatch({
        origin: url.origin, path: form.path, method: form.method, headers, body: form.body, reset: c.sendConnectionClose,
        headersTimeout: c.soTimeoutMs, bodyTimeout: c.soTimeoutMs,
      }, exchange);
    }
    await exchange.done.finally(() => curi.leaseSignal?.removeEventListener('abort', leaseLost));
    return exchange;
  }

  #requestHeaders(curi: CrawlUri, url: URL, c: FetchHttpConfig, authorization?: string): string[] {
    const metadata = c.metadata.forUri(curi);
    const headers = ['User-Agent', metadata.userAgent];
    if (metadata.operatorFrom !== '') headers.push('From', metadata.operatorFrom);
    if (this.#acceptSource !== c.acceptHeaders) this.#acceptFlat = flatHeaderLines((this.#acceptSource = c.acceptHeaders));
    for (let i = 0; i < this.#acceptFlat.length; i++) headers.push(this.#acceptFlat[i]);
    if (c.acceptCompression) headers.push('Accept-Encoding', 'gzip, deflate, br');
    if (c.sendRange && c.maxLengthBytes > 0) headers.push('Range', `bytes=0-${c.maxLengthBytes - 1}`);
    const referer = c.sendReferer ? refererFor(curi, url.protocol) : undefined;
    if (referer !== undefined) headers.push('Referer', referer);
    const cookie = c.ignoreCookies ? undefined : c.cookieStore?.cookieHeader(url);
    if (cookie !== undefined) headers.push('Cookie', cookie);
    if (authorization !== undefined) headers.push('Authorization', authorization);
    // Conditional requests from the fetch history: the validators of the last fetch with content.
    const before = curi.history?.document ? curi.history.fetches.find((f) => f.status >= 200 && f.status < 300) : undefined;
    if (before?.etag && c.sendIfNoneMatch) headers.push('If-None-Match', before.etag);
    if (before?.lastModified && c.sendIfModifiedSince) headers.push('If-Modified-Since', before.lastModified);
    if (c.signRequests) this.#sign(headers, url, c);
    return headers;
  }

  /** Web Bot Auth: a signature made for this one request, last, over its authority and Signature-Agent. */
  #sign(headers: string[], url: URL, c: FetchHttpConfig): void {
    const signer = this.#signer;
    if (signer === undefined) {
      if (this.#unsignedSaid) return;
      this.#unsignedSaid = true;
      this.config.loggerModule?.alert?.('WARNING', `a sheet switches signRequests on for ${url.host} but there is no signing key at ` +
        `${this.config.signingKeyFile}: requests go unsigned (beancrawl keys JOB makes one)`);
      return;
    }
    const signed = signer.headers({ authority: url.host, signatureAgent: c.signatureAgent, validitySeconds: c.signatureValiditySeconds });
    for (let i = 0; i < signed.length; i++) headers.push(signed[i]);
  }

  /** Hands the response's Set-Cookie headers to the cookie store. */
  #keepCookies(url: URL, exchange: HttpExchange, c: FetchHttpConfig): void {
    if (c.cookieStore === undefined || c.ignoreCookies || exchange.statusCode === 0) return;
    const values = rawHeaderValues(exchange.rawHeaders, 'set-cookie');
    if (values.length > 0) c.cookieStore.storeSetCookies(url, values);
  }

  /** Heritrix's mid-fetch check: after the headers, a body the rule REJECTs is not read. */
  #bodyWanted(curi: CrawlUri, c: FetchHttpConfig): ((exchange: HttpExchange) => boolean) | undefined {
    const rule = c.shouldFetchBodyRule;
    if (rule === undefined || curi.isPrerequisite) return undefined;
    return (exchange) => {
      curi.fetchStatus = exchange.statusCode;
      curi.contentType = rawHeaderValue(exchange.rawHeaders, 'content-type') ?? '';
      return rule.decisionFor(curi) !== DecideResult.REJECT;
    };
  }

  /** Follows the robots.txt's redirects (RFC 9309: at least five) and records the outcome for the server asked. */
  async #learnRobots(curi: CrawlUri, url: URL, first: HttpExchange, c: FetchHttpConfig): Promise<void> {
    let exchange = first;
    let body = curi.response?.body;
    let at = url;
    for (let hops = 0; hops < MAX_ROBOTS_REDIRECTS; hops++) {
      const next = redirectTarget(exchange, at);
      if (next === undefined) break;
      if ((await this.#addressForRedirect(next.hostname, c)) === undefined) {
        return updateRobots(this.config.serverCache.host(url.host), FetchStatus.DOMAIN_PREREQUISITE_FAILURE, undefined);
      }
      exchange = await this.#get(next, curi, c);
      if (exchange.leaseLost) return void discardForLease(curi);
      at = next;
      body = undefined;
    }
    if (exchange.error !== undefined) {
      return updateRobots(this.config.serverCache.host(url.host), fetchErrorStatus(exchange.error), undefined, Date.now(), errorCodeOf(exchange.error));
    }
    if (body === undefined) {
      const encoding = rawHeaderValue(exchange.rawHeaders, 'content-encoding');
      body = (await decodeContent(Buffer.concat(exchange.chunks, exchange.received), encoding, c.maxDecodedBytes)).body;
    }
    const server = this.config.serverCache.host(url.host);
    updateRobots(server, exchange.statusCode, body);
    const malformed = server.robots?.malformedPreferences ?? [];
    if (malformed.length > 0) {
      this.config.loggerModule?.alert?.('WARNING', `robots.txt of ${url.host}: ${malformed.length} usage preference line` +
        `${malformed.length === 1 ? '' : 's'} not read (${malformed.join('; ')}); the rest of the file applies`);
    }
  }

  /** A new backing file for a response of `curi` (removed once the URI is done). */
  #spillPath(curi: CrawlUri): string {
    if (this.#scratch === undefined) throw new Error('FetchHttp was used before start()');
    const path = this.#scratch.newFile();
    (curi.scratchFiles ??= []).push(path);
    return path;
  }

  #addressOf(hostname: string): string | undefined {
    return ipLiteralOf(hostname) ?? this.config.serverCache.host(hostname).ip;
  }

  /** A robots.txt may redirect to a host not looked up yet: the system resolver answers, and the cache records it. */
  async #addressForRedirect(hostname: string, c: FetchHttpConfig): Promise<string | undefined> {
    const known = this.#addressOf(hostname);
    if (known !== undefined) return known;
    // The lookup waits no longer than a connection would (soTimeoutMs; without one, 20 s).
    const answer = await systemLookup(hostname, c.soTimeoutMs || 20_000);
    if (isFailure(answer)) return undefined;
    Object.assign(this.config.serverCache.host(hostname), { ip: answer.address, ipFetchedAt: Date.now(), ipTtlSeconds: undefined });
    return answer.address;
  }

  /** The connect lookup: the server cache's address, never a resolver. */
  readonly #lookup: LookupFunction = (hostname, options, callback) => {
    const ip = this.config.serverCache.host(hostname.toLowerCase()).ip;
    if (ip === undefined) {
      const err: NodeJS.ErrnoException = new Error(`no address recorded for ${hostname}`);
      err.code = NO_ADDRESS_CODE;
      process.nextTick(callback, err, '', 0);
    } else if (options.all) {
      process.nextTick(callback, null, [{ address: ip, family: ipVersion(ip) }]);
    } else {
      process.nextTick(callback, null, ip, ipVersion(ip));
    }
  };
}

/** The request of a URI: a GET, or, for a form login's URI, the form POSTed (or put in the query with GET). */
function formRequest(curi: CrawlUri, path: string): { method: 'GET' | 'POST'; path: string; body?: string } {
  const login = curi.formLogin;
  if (login === undefined) return { method: 'GET', path };
  const body = formBody(login);
  if (login.httpMethod === 'POST') return { method: 'POST', path, body };
  return { method: 'GET', path: body === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${body}` };
}

/**
 * A fetch ended by the lease guard (this worker could no longer vouch for the URI's lease: it
 * stalled, or its renewals came late) is no answer of the URI's: the URI is discarded, nothing of
 * it written, and its frontier lets the lease run out, so that the URI is fetched again. Kept as a
 * timeout (-4, not retried), it passed the fence whenever Redis still held the lease, and the URI
 * was done crawl-wide without ever being fetched.
 */
function discardForLease(curi: CrawlUri): ProcessResult {
  curi.discarded = 'its lease was about to run out before its fetch ended (this worker could not vouch for it in time): the lease runs out ' +
    'and the URI is fetched again';
  return FINISH;
}

/** Whether a shared frontier still vouches for the URI's lease (always, for a URI of a local frontier). */
function leaseHeld(curi: CrawlUri): boolean {
  return !curi.leaseSignal?.aborted && (curi.leaseValidUntil === undefined || Date.now() < curi.leaseValidUntil);
}
