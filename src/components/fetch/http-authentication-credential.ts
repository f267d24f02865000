import type { ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { HttpAuthCredential } from '../../model/credential-store.js';
import type { httpAuthenticationCredentialComponent } from './http-authentication-credential.descriptor.js';

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
