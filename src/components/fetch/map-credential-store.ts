import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { Credential, CredentialStore, FormLoginCredential, HttpAuthCredential } from '../../model/credential-store.js';
import { credentialMatches } from './http-authentication-credential.js';

export const credentialStoreComponent = defineComponent({
  name: 'CredentialStore',
  aliases: ['org.archive.modules.credential.CredentialStore'],
  description:
    'The logins the crawl may use, by name: HttpAuthenticationCredential beans for HTTP basic and digest authentication, ' +
    'which FetchHttp finds by autowiring, and HtmlFormCredential beans for form logins, which PreconditionEnforcer finds by autowiring.',
  kinds: ['CredentialStore'],
  props: {},
  refs: {
    credentials: { kind: 'Credential', map: true, description: 'The credentials, each under a name of its own (`<map><entry key="intranet"><bean …/></entry></map>`).' },
  },
  load: async (): Promise<ComponentClass> => MapCredentialStore,
});

/** Heritrix's CredentialStore: a map of named credentials, looked up by server. */
export class MapCredentialStore implements CredentialStore {
  constructor(readonly config: ConfigOf<typeof credentialStoreComponent>) {}

  httpAuthFor(url: URL): readonly HttpAuthCredential[] {
    return this.#all().filter((c): c is HttpAuthCredential => !isFormLogin(c) && credentialMatches(c.domain, url));
  }

  formLoginFor(url: URL): FormLoginCredential | undefined {
    return this.#all().find((c): c is FormLoginCredential => isFormLogin(c) && credentialMatches(c.domain, url));
  }

  #all(): Credential[] {
    return Object.values(this.config.credentials ?? {}) as Credential[];
  }
}

function isFormLogin(c: Credential): c is FormLoginCredential {
  return (c as { kind?: string }).kind === 'form';
}
