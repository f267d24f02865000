import { ExtraKey } from './extra-key.js';

/**
 * What a mail message's envelope says (FetchImap sets it on the URI's try under MAIL; receivers see it on the
 * CrawledDocument): the attributes `subject`, `from`, `to`, `date`, `messageId`, `folder`, `flags`.
 */
export interface MailAttributes {
  readonly subject?: string;
  /** Each sender as `Name <address>` (or the address alone). */
  readonly from: readonly string[];
  readonly to: readonly string[];
  /** The Date header, as an ISO date. */
  readonly date?: string;
  /** The Message-ID, with its angle brackets. */
  readonly messageId?: string;
  /** The folder (mailbox) it lies in, as the server names it (`INBOX`, `INBOX.Archive`). */
  readonly folder: string;
  /** Its IMAP flags (`\\Seen`, `\\Flagged`, keywords), sorted. */
  readonly flags: readonly string[];
}

/** Where a message's envelope is kept on its try (set by FetchImap). */
export const MAIL = new ExtraKey<MailAttributes>('mail');
