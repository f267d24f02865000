import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

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
  load: async (): Promise<ComponentClass> => (await import('./http-authentication-credential.js')).HttpAuthenticationCredential,
});
