import type { CredentialStore } from '../../../src/model/credential-store.js';
import type { CrawlUri } from '../../../src/model/crawl-uri.js';
import type { Processor } from '../../../src/model/processor.js';
import { DovecotServer } from '../../support/dovecot-server.js';
import { mailMessage } from '../../support/mail-messages.js';
import { build, byEffect, uriUnder, type Driver } from './driver.js';
import type { RecordingSheetOverlay } from './recording-overlay.js';

const PASSWORD = 'drive-pw';

/** Fetches the one message (seen) of a fresh Dovecot's INBOX with a real FetchImap (the subject). */
async function fetchedMessage(overlay: RecordingSheetOverlay): Promise<CrawlUri> {
  const server = await DovecotServer.create({ amy: PASSWORD });
  const fetcher = await build<Processor & { start(): Promise<void>; stop(): Promise<void> }>('FetchImap', { credentialStore: store });
  try {
    const validity = await server.with('amy', async (c) => {
      await c.append('INBOX', mailMessage(1), ['\\Seen']);
      const status = await c.status('INBOX', { uidValidity: true });
      return status === false ? 0n : status.uidValidity;
    });
    await fetcher.start();
    const curi = uriUnder(overlay, `${server.url('amy')};UIDVALIDITY=${validity}/;UID=1`);
    await fetcher.process(curi);
    return curi;
  } finally {
    await fetcher.stop();
    await server.close();
  }
}

const store: CredentialStore = { httpAuthFor: () => [], mailboxLoginFor: () => ({ kind: 'mailbox', domain: '', login: 'amy', password: PASSWORD }) };

const FETCH_IMAP: Driver = {
  component: 'FetchImap',
  cases: [
    byEffect('enabled', false, 'the message is not fetched', { base: 200, sheet: 0 }, async (overlay) => (await fetchedMessage(overlay)).fetchStatus),
    byEffect('maxLengthBytes', 10, 'only 10 bytes of the message are read ' +
      '(lenTrunc)', { base: [Buffer.byteLength(mailMessage(1)), false], sheet: [10, true] }, async (overlay) => {
      const curi = await fetchedMessage(overlay);
      return [curi.contentSize, curi.annotations.includes('lenTrunc')];
    }),
    byEffect('flagsAreChanges', true, 'the message\'s flags are its version', { base: undefined, sheet: 'flags:\\Seen' },
      async (overlay) => (await fetchedMessage(overlay)).extraInfo.version),
  ],
};

export const MAIL_DRIVERS: Driver[] = [FETCH_IMAP];
