import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KINDS } from '../../model/kinds.js';
import { cookieStoreComponent } from './memory-cookie-store.js';
import { FETCH_COMPONENTS } from './fetch-components.js';
import { fetchDnsComponent } from './fetch-dns.js';
import { fetchHttpComponent } from './fetch-http.descriptor.js';

function view(config: Record<string, unknown>) {
  return { id: 'bean', className: 'X', config, locationOf: () => ({ file: 'f', line: 1, column: 1 }), refs: () => [] } as never;
}

describe('FETCH_COMPONENTS', () => {
  it('names each component once, with Heritrix\'s names as aliases', () => {
    const names = FETCH_COMPONENTS.flatMap((d) => [d.name, ...(d.aliases ?? [])]);
    expect(new Set(names).size).to.equal(names.length);
    expect(names).to.include.members(['FetchHTTP', 'org.archive.modules.fetcher.FetchHTTP', 'FetchDNS', 'org.archive.modules.net.BdbServerCache',
      'org.archive.crawler.prefetch.Preselector', 'org.archive.crawler.prefetch.PreconditionEnforcer', 'org.archive.modules.fetcher.BdbCookieStore',
      // Heritrix 3.0–3.2's name for it, in most public crawler-beans.cxml files
      'org.archive.modules.fetcher.BdbCookieStorage', 'org.archive.modules.fetcher.SimpleCookieStore',
      'org.archive.modules.credential.CredentialStore', 'org.archive.modules.credential.HttpAuthenticationCredential']);
  });

  it('describes every property with a default (or as required), each kind a model kind, and loads a class for each component', async () => {
    for (const d of FETCH_COMPONENTS) {
      for (const [name, spec] of Object.entries(d.props)) {
        expect(spec.description, `${d.name}.${name}`).to.not.equal('');
        if (!spec.required) expect(spec, `${d.name}.${name}`).to.have.property('default');
      }
      for (const kind of [...d.kinds, ...Object.values(d.refs ?? {}).map((r) => r.kind)]) expect(KINDS as readonly string[], d.name).to.include(kind);
      expect(await d.load!()).to.be.a('function');
    }
  });

  it('FetchHttp validate: refuses a proxy without a port or with a malformed host, malformed accept headers and unknown encodings', async () => {
    const ctx = { jobDir: tmpdir() };
    const issues = await fetchHttpComponent.validate!(view({ httpProxyHost: 'proxy', httpProxyPort: 0, acceptHeaders: ['Accept ' +
      'text/html'], defaultEncoding: 'no-such-charset', signingKeyFile: '/nonexistent/key.pem' }), ctx);
    expect((issues as { property: string }[]).map((i) => i.property)).to.deep.equal(['httpProxyPort', 'acceptHeaders', 'defaultEncoding']);
    const ok = { acceptHeaders: ['Accept: */*'], defaultEncoding: 'ISO-8859-1', signingKeyFile: '/nonexistent/key.pem' };
    expect(await fetchHttpComponent.validate!(view({ ...ok, httpProxyHost: 'bad/host', httpProxyPort: 3128 }), ctx)).to.deep.equal([
      { property: 'httpProxyHost', message: '"bad/host" is not a host name or address' },
    ]);
    for (const [host, port] of [['', 0], ['proxy.example.org', 3128], ['10.0.0.1', 80], ['::1', 8080]] as const) {
      expect(await fetchHttpComponent.validate!(view({ ...ok, httpProxyHost: host, httpProxyPort: port }), ctx), host).to.deep.equal([]);
    }
  });

  it('FetchHttp validate: signing on needs a key; a key file others can read is BC_KEY_EXPOSED; a Signature-Agent must be a URL', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-signing-'));
    try {
      const ok = { acceptHeaders: [], defaultEncoding: 'ISO-8859-1', signingKeyFile: 'keys/web-bot-auth.pem' };
      const codes = async (extra: Record<string, unknown>) => ((await fetchHttpComponent.validate!(view({ ...ok, ...extra }), { jobDir: dir })) as
        { property: string; code?: string }[]).map((i) => `${i.property} ${i.code ?? 'BC_BEAN_INVALID'}`);
      expect(await codes({})).to.deep.equal([]);
      expect(await codes({ signRequests: true, signatureAgent: 'crawler.example' }))
        .to.deep.equal(['signatureAgent BC_BEAN_INVALID', 'signingKeyFile BC_FILE_READ']);
      await mkdir(join(dir, 'keys'));
      const { privateKey } = generateKeyPairSync('ed25519');
      await writeFile(join(dir, 'keys/web-bot-auth.pem'), privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o644 });
      await chmod(join(dir, 'keys/web-bot-auth.pem'), 0o644);
      expect(await codes({})).to.deep.equal(['signingKeyFile BC_KEY_EXPOSED']);
      await chmod(join(dir, 'keys/web-bot-auth.pem'), 0o600);
      expect(await codes({ signRequests: true, signatureAgent: 'https://crawler.example' })).to.deep.equal([]);
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
      await writeFile(join(dir, 'keys/web-bot-auth.pem'), ec.export({ format: 'pem', type: 'pkcs8' }));
      expect(await codes({})).to.deep.equal(['signingKeyFile BC_BEAN_INVALID']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('CookieStore validate: the load file must exist, and its bad lines are reported at their place in it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'beancrawl-cookies-'));
    try {
      const file = join(dir, 'cookies.txt');
      await writeFile(file, '# comment\n.example.org\tTRUE\t/\tFALSE\t0\tsid\t1\nexample.org\tFALSE\t/\n');
      expect(await cookieStoreComponent.validate!(view({ cookiesLoadFile: file }))).to.deep.equal([
        { property: 'cookiesLoadFile', message: 'line 3 of the cookies file: expected 7 tab-separated fields, found 3', at: { file, line: 3, column: 1 } },
      ]);
      const missing = await cookieStoreComponent.validate!(view({ cookiesLoadFile: join(dir, 'none.txt') }));
      expect(missing).to.deep.equal([{ property: 'cookiesLoadFile', message: `cannot read ${join(dir, 'none.txt')} (ENOENT)` }]);
      expect(await cookieStoreComponent.validate!(view({ cookiesLoadFile: '' }))).to.deep.equal([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('FetchDns validate: hostsMap values must be IP addresses', () => {
    const issues = fetchDnsComponent.validate!(view({ hostsMap: { a: '10.0.0.1', b: 'not-an-ip' } }));
    expect(issues).to.deep.equal([{ property: 'hostsMap', message: 'maps "b" to "not-an-ip", which is not an IP address' }]);
  });
});
