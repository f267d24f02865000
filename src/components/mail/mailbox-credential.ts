import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { MailboxLoginCredential } from '../../model/credential-store.js';

export const mailboxCredentialComponent = defineComponent({
  name: 'MailboxCredential',
  description:
    'A login for IMAP mailboxes: one user\'s password on one mail server. Goes in a CredentialStore\'s `credentials` map; ' +
    'FetchImap logs in with it to the `imap:`/`imaps:` URLs of that server and user (a URL naming no user gets this login).',
  kinds: ['Credential'],
  props: {
    domain: {
      type: 'string', required: true, minLength: 1,
      description: 'The server: `host`, or `host:port` when the port is not the scheme\'s default (143 for imap, 993 for imaps). Compared without ' +
        'regard to case.',
    },
    login: { type: 'string', required: true, minLength: 1, description: 'The user name.' },
    password: { type: 'string', default: '', description: 'The password (never written to a log, report or output).' },
  },
  load: async (): Promise<ComponentClass> => MailboxCredential,
});

/** A mailbox login (kind `mailbox` in the credential store). */
export class MailboxCredential implements MailboxLoginCredential {
  readonly kind = 'mailbox';

  constructor(readonly config: ConfigOf<typeof mailboxCredentialComponent>) {}

  get domain(): string {
    return this.config.domain;
  }

  get login(): string {
    return this.config.login;
  }

  get password(): string {
    return this.config.password;
  }
}
