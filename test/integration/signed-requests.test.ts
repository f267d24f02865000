import { expect } from 'chai';
import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createVerifier, httpbis } from 'http-message-signatures';
import { INTERRUPTED } from '../../src/engine/crawl-controller.js';
import { interruptWhen } from '../support/interrupt-when.js';
import { launchJob } from '../../src/job/launch-job.js';
import { makeSigningKeys } from '../../src/job/make-signing-keys.js';
import { fastSets } from '../support/crawl-job.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer, type RequestRecord, type Route } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const CHAIN = 10;
const AGENT = 'https://crawler.example';

/** The thumbprint of an Ed25519 JWK, written here from RFC 7638 rather than taken from beancrawl. */
function thumbprintOf(jwk: { crv: string; kty: string; x: string }): string {
  return createHash('sha256').update(`{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}"}`).digest('base64url');
}

/**
 * One request as the site received it, checked by http-message-signatures (an RFC 9421
 * implementation that is not beancrawl's) against the published key directory, with the Web Bot
 * Auth rules on top: `@authority` and the Signature-Agent covered, created, expires, keyid (the
 * key's thumbprint), alg ed25519, tag web-bot-auth, made when the request was sent.
 */
async function verified(request: RequestRecord, directory: { keys: { kty: string; crv: string; x: string; kid: string }[] }): Promise<boolean> {
  const jwk = directory.keys[0];
  const headers = Object.fromEntries(Object.entries(request.headers).filter((e): e is [string, string] => typeof e[1] === 'string'));
  let params: Record<string, unknown> = {};
  const result = await httpbis.verifyMessage({
    requiredFields: ['@authority', 'signature-agent'],
    requiredParams: ['created', 'expires', 'keyid', 'alg', 'tag'],
    keyLookup: async (p) => {
      params = p;
      if (p.keyid !== thumbprintOf(jwk)) return null;
      return { id: jwk.kid, algs: ['ed25519'], verify: createVerifier(createPublicKey({ key: jwk, format: 'jwk' }), 'ed25519') };
    },
  }, { method: 'GET', url: `http://${headers.host}${request.path}`, headers });
  if (result !== true) return false;
  const created = (params.created as Date).getTime() / 1000;
  const expires = Number(params.expires);
  const sentAt = request.at / 1000;
  return params.tag === 'web-bot-auth' && params.alg === 'ed25519' && created <= sentAt + 1 && created >= sentAt - 2 && expires - created === 300 &&
    headers['signature-agent'] === `sig1="${AGENT}"`;
}

describe('signed requests (Web Bot Auth), checked by an independent verifier (integration)', function () {
  this.timeout(60_000);

  it('signs every request a site receives (robots.txt through its redirect, a redirect\'s target, a retry, after a resume); a tampered one fails', async () => {
    let flakyTries = 0;
    const routes: Record<string, Route> = {
      '/robots.txt': (_req, res) => res.writeHead(301, { location: '/robots-moved.txt' }).end(),
      '/robots-moved.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nAllow: /\n' },
      '/': (_req, res) => res.writeHead(302, { location: '/c0' }).end(),
      // The first fetch loses its connection before any answer: sent again at once on a new connection
      // (FetchHttp, when it came on a kept-alive one) or retried by the frontier (-3 or -2); each try signed anew.
      '/flaky': (req, res) => (++flakyTries === 1 ? req.socket.destroy() : res.writeHead(200, { 'content-type': 'text/html' }).end(page('flaky'))),
    };
    for (let i = 0; i < CHAIN; i++) {
      routes[`/c${i}`] = { body: page(`c${i}`, [...(i + 1 < CHAIN ? [`/c${i + 1}`] : []), ...(i === 0 ? ['/flaky'] : [])]), delayMs: 20 };
    }
    routes['/elsewhere'] = { body: page('elsewhere') };
    const site = await SiteServer.start(routes);
    const other = site.origin.replace('127.0.0.1', 'localhost');
    // Signing is switched on for 127.0.0.1 by a sheet; localhost, the same server under another name, gets unsigned requests.
    const beans = readFileSync(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8').replace('</beans>', `
 <bean class="SurtPrefixesSheetAssociation">
  <property name="surtPrefixes"><list><value>http://(127.0.0.1:${site.port})/</value></list></property>
  <property name="targetSheetNames"><list><value>signed</value></list></property>
 </bean>
 <bean id="signed" class="Sheet">
  <property name="map"><map><entry key="fetchHttp.signRequests" value="true"/></map></property>
 </bean>
</beans>`);
    const job = await tempDir({ 'crawler-beans.xml': beans });
    const sets = fastSets([`${site.origin}/`, `${other}/elsewhere`], [`fetchHttp.signatureAgent=${AGENT}`, 'frontier.retryDelaySeconds=0'])
      .map((s) => s.replace(/\\n/g, '\n'));
    const interrupt = interruptWhen(() => site.requests.filter((r) => r.path.startsWith('/c')).length >= 3);
    try {
      const made = await makeSigningKeys(job.dir);
      if ('exists' in made) throw new Error(`a key exists already: ${made.exists}`);
      const directory = JSON.parse(readFileSync(made.directoryFile, 'utf8'));
      const first = await launchJob(job.dir, { sets, onRunning: interrupt.onRunning });
      expect(first.exitStatus).to.equal(INTERRUPTED);
      const beforeResume = site.requests.length;
      const second = await launchJob(job.dir, { sets });
      expect(second.exitStatus).to.equal('FINISHED');

      const signedHost = site.requests.filter((r) => r.headers.host === `127.0.0.1:${site.port}`);
      const paths = signedHost.map((r) => r.path);
      expect(paths).to.include.members(['/robots.txt', '/robots-moved.txt', '/', '/c0', '/flaky', `/c${CHAIN - 1}`]);
      expect(paths.filter((p) => p === '/flaky'), 'the retried fetch').to.have.length(2);
      expect(signedHost.slice(beforeResume).filter((r) => r.path.startsWith('/c')), 'requests after the resume').to.not.be.empty;
      const failed: string[] = [];
      for (const r of signedHost) if (!(await verified(r, directory))) failed.push(`${r.path} ${JSON.stringify(r.headers)}`);
      expect(failed, 'requests the verifier refused').to.deep.equal([]);
      // Each request has its own signature (fresh nonce and times), never one replayed.
      const signatures = signedHost.map((r) => r.headers.signature);
      expect(new Set(signatures).size).to.equal(signatures.length);

      const unsigned = site.requests.filter((r) => r.headers.host !== `127.0.0.1:${site.port}`);
      expect(unsigned.map((r) => r.path)).to.include('/elsewhere');
      for (const r of unsigned) expect(r.headers, r.path).to.not.have.any.keys('signature', 'signature-input', 'signature-agent');

      // Tampered: another authority, another Signature-Agent, another signature: each fails.
      const sample = signedHost.find((r) => r.path === '/c0')!;
      const tamper = async (headers: Record<string, string>) => verified({ ...sample, headers: { ...sample.headers, ...headers } }, directory);
      expect(await verified(sample, directory)).to.equal(true);
      expect(await tamper({ host: `localhost:${site.port}` })).to.equal(false);
      expect(await tamper({ 'signature-agent': 'sig1="https://impostor.example"' })).to.equal(false);
      expect(await tamper({ signature: signedHost.find((r) => r.path === '/c1')!.headers.signature as string })).to.equal(false);
    } finally {
      interrupt.cancel();
      await site.close();
      await job.cleanup();
    }
  });
});
