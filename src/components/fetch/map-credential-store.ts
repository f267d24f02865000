import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CredentialStore, HttpAuthCredential } from '../../model/credential-store.js';
import { credentialMatches } from './http-authentication-credential.js';

export const credentialStoreComponent = defineComponent({
  name: 'CredentialStore',
  aliases: ['org.archive.modules.credential.CredentialStore'],
  description:
    'The logins the crawl may use, by name: HttpAuthenticationCredential beans for HTTP basic and digest authentication. ' +
    'FetchHttp finds it by autowiring. Form logins (Heritrix\'s HtmlFormCredential) are not supported.',
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
    const credentials = this.config.credentials ?? {};
    return Object.values(credentials).filter((c) => credentialMatches(c.domain, url));
  }
}
