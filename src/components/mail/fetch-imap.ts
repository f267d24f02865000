import { createHash } from 'node:crypto';
import type { ImapFlow, ListResponse } from 'imapflow';
import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import type { CrawlUri } from '../../model/crawl-uri.js';
import { FetchStatus } from '../../model/fetch-status.js';
import { Hop } from '../../model/hop.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { FINISH, PROCEED, Processor, type ProcessResult } from '../../model/processor.js';
import { base32 } from '../../util/base32.js';
import { fetchMessage, type FetchedMessage } from './fetch-message.js';
import { FolderListings, type FolderListing } from './folder-listings.js';
import { ImapConnections } from './imap-connections.js';
import { accountKey, folderUrl, messageUrl, parseImapUrl, type ImapTarget } from './imap-url.js';
import { MailboxLogins, NO_LOGIN_CODE } from './mailbox-logins.js';
import { lastingFlags, mailAttributesOf } from './mail-attributes-of.js';
import { MAIL } from '../../model/mail-attributes.js';
import { errorCodeStatus } from '../../model/source-error-status.js';
import { readBack } from '../../util/read-back.js';
import { ScratchFolder } from '../../util/scratch-folder.js';

/** The digests of a message's source, by Heritrix's names. */
const DIGEST_ALGORITHMS = ['sha1', 'sha256', 'md5'] as const;

/** Heritrix's context for links read from a listing (as FetchFile's folder entries). */
const ENTRY_CONTEXT = '=NAVLINK_MISC';

export const fetchImapComponent = defineComponent({
  name: 'FetchImap',
  description:
    'Fetches `imap:` and `imaps:` URIs (RFC 5092) from mail servers. The account (`imap://user@host:port/`) and each folder ' +
    '(`imap://user@host:port/INBOX`) are listings, not documents: their subfolders and messages become their links (hop L) ' +
    'and receivers never hear of them. A message (`imap://user@host:port/INBOX;UIDVALIDITY=123/;UID=45`) is a document: its ' +
    'RFC 822 source, type `message/rfc822`, with its subject, from, to, date, Message-ID, folder and flags as attributes. ' +
    'Folders are opened read-only: nothing is marked seen. The password comes from the seed URL (taken out of it: URLs are ' +
    'recorded without), else a MailboxCredential of the CredentialStore, else the environment variable passwordVariable; it is ' +
    'never written anywhere. Status 200 for what was read; 404 for a folder that a complete folder list lacks, or a message ' +
    'whose folder now has another UIDVALIDITY (annotation `imap:uidValidityChanged`) or whose UID a complete listing of its ' +
    'folder made in this run lacks (`imap:expunged`), so that delta runs report it deleted; 401 when no password is known ' +
    '(`imap:noPassword`) or the server refuses the login (`imap:loginRefused`); -2, -3, -4 for a connection refused, broken, ' +
    'timed out (a broken connection is reopened once per URI).',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    passwordVariable: {
      type: 'string', default: 'BEANCRAWL_IMAP_PASSWORD',
      description: 'The environment variable holding the password, for accounts whose password neither the seed URL nor a MailboxCredential gives. ' +
        'Empty: none is read.',
    },
    flagsAreChanges: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Count a change of a message\'s flags (seen, flagged, answered, keywords) as a change in delta runs; off, only its content ' +
        'counts (a message\'s content never changes on an IMAP server).',
    },
    maxLengthBytes: {
      type: 'integer', minimum: 0, default: 104857600, overlayable: true,
      description: 'Most bytes of a message to read (100 MiB by default); the rest is left unread and the URI annotated `lenTrunc`. 0 = no limit.',
    },
    connectTimeoutMs: { type: 'integer', minimum: 100, default: 30000, description: 'How long connecting, the greeting and the login may take.' },
    socketTimeoutMs: { type: 'integer', minimum: 100, default: 120000, description: 'How long a server may stay silent in the middle of a command ' +
      'before the fetch fails (-4) and the connection is dropped.' },
    maxConnectionsPerServer: {
      type: 'integer', minimum: 1, default: 1,
      description: 'Accounts of one server worked on at once, each over one connection whose commands run one at a time: 1 (politeness) is one ' +
        'connection\'s worth of commands at a time per server.',
    },
    recorderInBufferBytes: {
      type: 'integer', minimum: 65536, default: 4194304,
      description: 'Most bytes of one message held in memory as it is read (4 MiB by default: a message of one FETCH stays in memory, as ' +
        'FetchHttp\'s property of this name): the rest goes to a file in scratchDir as it arrives (digested on the way), and the WARC writer ' +
        'streams it from there into its record.',
    },
    maxBodyInMemoryBytes: {
      type: 'integer', minimum: 65536, default: 33554432,
      description: 'Largest message extractors (ExtractorCompound\'s attachments) and receivers get whole: a message kept partly in scratchDir ' +
        'is read back up to this size (32 MiB by default: reading a message\'s attachments takes some five times its size). A larger one is ' +
        'kept whole in the WARC record, and the others get its first recorderInBufferBytes, annotated `inMemoryTrunc` in crawl.log (its ' +
        'attachments are not read).',
    },
    scratchDir: {
      type: 'string', default: 'scratch', path: true,
      description: 'The folder for the files of messages larger than recorderInBufferBytes (shared with FetchHttp\'s). A file is removed once ' +
        'its URI is done; files left by a crawl that was killed are removed when the next one starts.',
    },
    digestAlgorithm: { type: 'string', enum: DIGEST_ALGORITHMS, default: 'sha1', description: 'The digest algorithm of a message\'s source.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    seeds: { kind: 'SeedModule', autowire: true, description: 'The seeds, whose URLs may carry a mailbox\'s password (taken out before anything ' +
      'records them).' },
    credentialStore: { kind: 'CredentialStore', autowire: true, description: 'Where MailboxCredential beans give passwords by server and user.' },
  },
  load: async (): Promise<ComponentClass> => FetchImap,
});

export type FetchImapConfig = ConfigOf<typeof fetchImapComponent>;

/** The type of a folder's or an account's listing (its content: one entry a line). */
export const MAILBOX_LISTING_TYPE = 'text/x-imap-listing';

/**
 * Fetches mail over IMAP (imapflow, loaded with the first connection): accounts and folders as
 * listings, messages as documents. Each folder listed is remembered for the run (FolderListings),
 * so that a message of an earlier run that is missing is proven gone by a complete listing.
 */
export class FetchImap extends Processor<typeof fetchImapComponent> {
  readonly #listings = new FolderListings();
  #logins?: MailboxLogins;
  #connections?: ImapConnections;
  #scratch?: ScratchFolder;

  async start(): Promise<void> {
    if (this.#connections) return;
    this.#scratch ??= new ScratchFolder(this.config.scratchDir);
    await this.#scratch.open();
    const logins = (this.#logins = new MailboxLogins(this.config.credentialStore, this.config.passwordVariable));
    const seeds = this.config.seeds;
    if (seeds) for (const seed of (await seeds.loadSeeds()).seeds) logins.addSeed(seed.url, seed.password);
    this.#connections = new ImapConnections(this.config, (target) => logins.loginFor(target));
  }

  async stop(): Promise<void> {
    const connections = this.#connections;
    this.#connections = undefined;
    await connections?.close();
  }

  protected override shouldProcess(curi: CrawlUri): boolean {
    return curi.uri.startsWith('imap:') || curi.uri.startsWith('imaps:');
  }

  protected async innerProcess(curi: CrawlUri, c: FetchImapConfig): Promise<ProcessResult> {
    const target = parseImapUrl(curi.uri);
    if (typeof target === 'string') {
      curi.annotations.push('imap:unfetchable');
      curi.fetchStatus = FetchStatus.UNFETCHABLE_URI;
      return FINISH;
    }
    const connections = this.#connections;
    if (!connections) throw new Error('FetchImap was used before start()');
    curi.fetchBeginTime = Date.now();
    try {
      await connections.run(target, (client) => this.#fetch(client, curi, target, c));
    } catch (err) {
      failed(curi, err);
    }
    curi.fetchDurationMs = Date.now() - curi.fetchBeginTime;
    return curi.fetchStatus < 0 ? FINISH : PROCEED;
  }

  #fetch(client: ImapFlow, curi: CrawlUri, target: ImapTarget, c: FetchImapConfig): Promise<void> {
    if (target.uid !== undefined) return this.#message(client, curi, target, target.uid, c);
    if (target.folder === '') return this.#account(client, curi, target);
    return this.#folder(client, curi, target);
  }

  /** The account: its top-level folders. */
  async #account(client: ImapFlow, curi: CrawlUri, target: ImapTarget): Promise<void> {
    const folders = (await client.list()).filter((f) => f.parentPath === '' || f.parentPath === undefined);
    const lines = folders.map((f) => `${f.path}/`);
    for (const f of folders) curi.outlinks.push({ uri: folderUrl(target.authority, f.path), hop: Hop.LINK, context: ENTRY_CONTEXT });
    listing(curi, lines);
  }

  /** A folder: its messages (all of them, by UID: a complete listing) and its subfolders. */
  async #folder(client: ImapFlow, curi: CrawlUri, target: ImapTarget): Promise<void> {
    const folders = await client.list();
    const self = folders.find((f) => f.path === target.folder);
    if (!self) return gone(curi, 'imap:noSuchFolder');
    const lines: string[] = [];
    if (selectable(self)) {
      const { uidValidity, uids } = await this.#list(client, target);
      lines.push(`UIDVALIDITY=${uidValidity}`);
      for (const uid of [...uids].sort((a, b) => a - b)) {
        lines.push(`UID=${uid}`);
        curi.outlinks.push({ uri: messageUrl(target.authority, target.folder, uidValidity, uid), hop: Hop.LINK, context: ENTRY_CONTEXT });
      }
    }
    for (const child of folders.filter((f) => f.parentPath === target.folder)) {
      lines.push(`${child.path}/`);
      curi.outlinks.push({ uri: folderUrl(target.authority, child.path), hop: Hop.LINK, context: ENTRY_CONTEXT });
    }
    listing(curi, lines);
  }

  /** A message by UID, or the proof that it is gone. */
  async #message(client: ImapFlow, curi: CrawlUri, target: ImapTarget, uid: number, c: FetchImapConfig): Promise<void> {
    let lock;
    try {
      lock = await client.getMailboxLock(target.folder, { readOnly: true });
    } catch (err) {
      // A folder that a complete folder list lacks is gone, and every message in it.
      if ((err as { mailboxMissing?: boolean }).mailboxMissing && !(await client.list()).some((f) => f.path === target.folder)) return gone(curi, 'imap:noSuchFolder');
      throw err;
    }
    try {
      const mailbox = client.mailbox === false ? undefined : client.mailbox;
      if (mailbox === undefined) throw new Error('the folder did not open');
      if (target.uidValidity !== undefined && mailbox.uidValidity !== target.uidValidity) return gone(curi, 'imap:uidValidityChanged');
      const keep = { inMemoryBytes: this.config.recorderInBufferBytes, spillPath: () => this.#spillPath(curi), digestAlgorithm: c.digestAlgorithm };
      const message = await fetchMessage(client, uid, c.maxLengthBytes, keep);
      if (message !== false && message.source) return this.#record(curi, target, message, c);
      let listing = await this.#listingOfRun(client, target, mailbox.uidValidity);
      // Expunged since this run listed the folder: a listing made now decides.
      if (listing.uids.has(uid)) listing = await this.#listOpen(client, target);
      if (!listing.uids.has(uid)) return gone(curi, 'imap:expunged');
      // Listed now, yet not fetched: no proof either way.
      curi.annotations.push('imap:notFetched');
      curi.fetchStatus = FetchStatus.RUNTIME_EXCEPTION;
    } finally {
      lock.release();
    }
  }

  /**
   * A message read: its source the document. One kept partly in a file (past recorderInBufferBytes)
   * is read back whole for extractors and receivers when it fits maxBodyInMemoryBytes, else they get
   * its first bytes, annotated `inMemoryTrunc`; its size and digest are the whole message's, and the
   * WARC writer stores it whole from the file (spilledContent).
   */
  async #record(curi: CrawlUri, target: ImapTarget, message: FetchedMessage, c: FetchImapConfig): Promise<void> {
    const first = message.source!;
    const spilled = message.spilled;
    const size = first.length + (spilled?.length ?? 0);
    let content = first;
    if (spilled !== undefined) {
      curi.spilledContent = { first, rest: { path: spilled.path, start: 0, length: spilled.length }, sha1: spilled.sha1 };
      if (size <= this.config.maxBodyInMemoryBytes) content = await readBack(first, spilled.path, spilled.length);
      else curi.annotations.push('inMemoryTrunc');
    }
    curi.fetchStatus = 200;
    // The message's source is the document (type message/rfc822): ExtractorCompound, after the
    // fetchers, gives its attachments to the receivers as elements of their own.
    curi.content = content;
    curi.contentType = 'message/rfc822';
    curi.contentSize = size;
    curi.recordedSize = size;
    curi.contentDigest = spilled?.digest ?? `${c.digestAlgorithm}:${base32(createHash(c.digestAlgorithm).update(content).digest())}`;
    curi.attempt.setExtra(MAIL, mailAttributesOf(message.envelope, target.folder, message.flags));
    if (message.size !== undefined) curi.extraInfo.messageSize = message.size;
    if (message.size !== undefined && message.size > size) curi.annotations.push('lenTrunc');
    const internal = message.internalDate === undefined ? undefined : new Date(message.internalDate);
    if (internal && !Number.isNaN(internal.getTime())) curi.extraInfo.lastModified = internal.toISOString();
    // Flags are the message's version when they count as changes: the history compares it as an ETag.
    if (c.flagsAreChanges) curi.extraInfo.version = `flags:${lastingFlags(message.flags).join(' ')}`;
  }

  /** A new scratch file for a message of `curi` (removed once the URI is done). */
  #spillPath(curi: CrawlUri): string {
    if (this.#scratch === undefined) throw new Error('FetchImap was used before start()');
    const path = this.#scratch.newFile();
    (curi.scratchFiles ??= []).push(path);
    return path;
  }

  /** The folder's listing of this run, made now (in the folder the client holds open) if there is none yet with this UIDVALIDITY. */
  async #listingOfRun(client: ImapFlow, target: ImapTarget, uidValidity: bigint): Promise<FolderListing> {
    const known = this.#listings.get(accountKey(target), target.folder);
    if (known && known.uidValidity === uidValidity) return known;
    return this.#listOpen(client, target);
  }

  /** Every UID of a folder, opened read-only: the complete listing that proves a message gone. */
  async #list(client: ImapFlow, target: ImapTarget): Promise<FolderListing> {
    const lock = await client.getMailboxLock(target.folder, { readOnly: true });
    try {
      return await this.#listOpen(client, target);
    } finally {
      lock.release();
    }
  }

  /** Every UID of the folder the client holds open (and locked). */
  async #listOpen(client: ImapFlow, target: ImapTarget): Promise<FolderListing> {
    const mailbox = client.mailbox === false ? undefined : client.mailbox;
    if (mailbox === undefined || mailbox.path !== target.folder) throw new Error('the folder did not open');
    // UID SEARCH ALL: every UID, and nothing else.
    const found = mailbox.exists > 0 ? await client.search({ all: true }, { uid: true }) : [];
    // No answer is no listing: nothing may be proven gone by it.
    if (!Array.isArray(found)) throw Object.assign(new Error('the folder could not be searched'), { code: 'SearchFailed' });
    const uids = new Set<number>(found);
    const listing: FolderListing = { uidValidity: mailbox.uidValidity, uids };
    this.#listings.set(accountKey(target), target.folder, listing);
    return listing;
  }
}

function selectable(folder: ListResponse): boolean {
  return ![...(folder.flags ?? [])].some((f) => /^\\(noselect|nonexistent)$/i.test(f));
}

/** A listing: status 200, its entries one a line as content, no document. */
function listing(curi: CrawlUri, lines: readonly string[]): void {
  const content = Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
  curi.fetchStatus = 200;
  curi.listing = true;
  curi.content = content;
  curi.contentType = MAILBOX_LISTING_TYPE;
  curi.contentSize = content.length;
  curi.recordedSize = content.length;
}

/** Proven gone: 404, as a missing file answers, so that a delta run reports it deleted. */
function gone(curi: CrawlUri, why: string): void {
  curi.annotations.push(why);
  curi.fetchStatus = 404;
}

/** A failure's status and annotation; its message is never kept (it could quote a command). */
function failed(curi: CrawlUri, err: unknown): void {
  const e = (err ?? {}) as { code?: unknown; authenticationFailed?: boolean };
  if (e.code === NO_LOGIN_CODE) {
    curi.annotations.push('imap:noPassword');
    curi.fetchStatus = 401;
  } else if (e.authenticationFailed) {
    curi.annotations.push('imap:loginRefused');
    curi.fetchStatus = 401;
  } else {
    const code = typeof e.code === 'string' && e.code !== '' ? e.code : 'Error';
    // The classification every source with a server shares: -2, -3 retried as for the web.
    curi.fetchStatus = errorCodeStatus(code);
    curi.annotations.push(`err:${code}`);
  }
}
