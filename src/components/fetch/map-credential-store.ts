import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { Credential, CredentialStore, FormLoginCredential, HttpAuthCredential, MailboxLoginCredential } from '../../model/credential-store.js';
import { credentialMatches } from './http-authentication-credential.js';

export const credentialStoreComponent = defineComponent({
  name: 'CredentialStore',
  aliases: ['org.archive.modules.credential.CredentialStore'],
  description:
    'The logins the crawl may use, by name: HttpAuthenticationCredential beans for HTTP basic and digest authentication, ' +
    'which FetchHttp finds by autowiring, HtmlFormCredential beans for form logins, which PreconditionEnforcer finds by autowiring, ' +
    'and MailboxCredential beans for IMAP mailboxes, which FetchImap finds by autowiring.',
  kinds: ['CredentialStore'],
  props: {},
  refs: {
    credentials: { kind: 'Credential', map: true, description: 'The credentials, each under a name of its own (`<map><entry key="intranet"><bean ' +
      '…/></entry></map>`).' },
  },
  load: async (): Promise<ComponentClass> => MapCredentialStore,
});

/** Heritrix's CredentialStore: a map of named credentials, looked up by server. */
export class MapCredentialStore implements CredentialStore {
  constructor(readonly config: ConfigOf<typeof credentialStoreComponent>) {}

  httpAuthFor(url: URL): readonly HttpAuthCredential[] {
    return this.#all().filter((c): c is HttpAuthCredential => kindOf(c) === undefined && credentialMatches(c.domain, url));
  }

  formLoginFor(url: URL): FormLoginCredential | undefined {
    return this.#all().find((c): c is FormLoginCredential => isFormLogin(c) && credentialMatches(c.domain, url));
  }

  mailboxLoginFor(url: URL): MailboxLoginCredential | undefined {
    const user = safeDecode(url.username);
    return this.#all().find((c): c is MailboxLoginCredential => kindOf(c) === 'mailbox' && mailboxMatches(c.domain, url) && (user === '' || (c as MailboxLoginCredential).login === user));
  }

  #all(): Credential[] {
    return Object.values(this.config.credentials ?? {}) as Credential[];
  }
}

function isFormLogin(c: Credential): c is FormLoginCredential {
  return kindOf(c) === 'form';
}

function kindOf(c: Credential): string | undefined {
  return (c as { kind?: string }).kind;
}

/** A mailbox credential's domain against an imap(s) URL's server: `host` on the scheme's default port, or `host:port`. */
function mailboxMatches(domain: string, url: URL): boolean {
  const d = domain.trim().toLowerCase();
  const port = url.port || (url.protocol === 'imaps:' ? '993' : '143');
  return d === `${url.hostname.toLowerCase()}:${port}` || (d === url.hostname.toLowerCase() && url.port === '');
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
