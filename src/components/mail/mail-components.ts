import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { fetchImapComponent } from './fetch-imap.js';
import { mailboxCredentialComponent } from './mailbox-credential.js';

/** Mailbox crawling (FetchImap) and its credential. */
export const MAIL_COMPONENTS: ComponentDescriptor[] = [fetchImapComponent, mailboxCredentialComponent];
