import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

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
  load: async (): Promise<ComponentClass> => (await import('./map-credential-store.js')).MapCredentialStore,
});
