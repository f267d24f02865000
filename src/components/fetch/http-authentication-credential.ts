import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { HttpAuthCredential } from '../../model/credential-store.js';

const PACKAGE = 'org.archive.modules.credential.';

export const httpAuthenticationCredentialComponent = defineComponent({
  name: 'HttpAuthenticationCredential',
  aliases: [`${PACKAGE}HttpAuthenticationCredential`, 'Rfc2617Credential', `${PACKAGE}Rfc2617Credential`],
  description:
    'A login for HTTP authentication, basic (RFC 7617) or digest (RFC 7616), on one server and realm. Goes in a CredentialStore\'s ' +
    '`credentials` map; FetchHttp answers a 401 whose challenge names this realm with it.',
  kinds: ['Credential'],
  props: {
    domain: {
      type: 'string', required: true, minLength: 1,
      description: 'The server: `host`, or `host:port` when the port is not the scheme\'s default. Heritrix\'s `host:443` for https matches too. ' +
        'Compared without regard to case; no subdomain matches.',
    },
    realm: {
      type: 'string', default: '',
      description: 'The realm the server\'s challenge must name, exactly. Empty answers any realm of the server. Heritrix\'s default is "Realm".',
    },
    login: { type: 'string', required: true, description: 'The user name.' },
    password: { type: 'string', default: '', description: 'The password.' },
  },
  load: async (): Promise<ComponentClass> => HttpAuthenticationCredential,
});

/** Heritrix's HttpAuthenticationCredential: a login and password for one server and realm. */
export class HttpAuthenticationCredential implements HttpAuthCredential {
  constructor(readonly config: ConfigOf<typeof httpAuthenticationCredentialComponent>) {}

  get domain(): string {
    return this.config.domain;
  }

  get realm(): string {
    return this.config.realm;
  }

  get login(): string {
    return this.config.login;
  }

  get password(): string {
    return this.config.password;
  }

  /** Whether it is for the server of `url`: `host` on the scheme's default port, or `host:port`. */
  isFor(url: URL): boolean {
    return credentialMatches(this.config.domain, url);
  }
}

/** A credential's domain against a URL's server: `host` (default port) or `host:port` (any port, Heritrix's `host:443` included). */
export function credentialMatches(domain: string, url: URL): boolean {
  const d = domain.trim().toLowerCase();
  if (d === url.host) return true;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return d === `${url.hostname}:${port}`;
}
