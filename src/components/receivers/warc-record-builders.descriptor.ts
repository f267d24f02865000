import { defineComponent, type ComponentClass, type ComponentDescriptor } from '../../beans/registry/component-descriptor.js';

/** A record builder of Heritrix's `org.archive.modules.warc` package, for a WARC writer's `chain`. */
function recordBuilder(name: string, description: string, load: () => Promise<ComponentClass>): ComponentDescriptor {
  return defineComponent({ name, aliases: [`org.archive.modules.warc.${name}`], description, kinds: ['WarcRecordBuilder'], props: {}, load });
}

const noRecords = async (): Promise<ComponentClass> => (await import('./no-record-builder.js')).NoRecordBuilder;

export const WARC_RECORD_BUILDERS: readonly ComponentDescriptor[] = [
  recordBuilder('DnsResponseRecordBuilder', 'A `response` record (`text/dns`) of each successful `dns:` lookup.',
    async () => (await import('./dns-response-record-builder.js')).DnsResponseRecordBuilder),
  recordBuilder('HttpResponseRecordBuilder',
    'A `response` record of each HTTP response byte for byte as received: status line, headers, and the entity with its ' +
    'transfer coding (chunk framing) and content coding, as Heritrix stores it; WARC-Payload-Digest (sha1) over the entity ' +
    'as stored (framing included, as Heritrix\'s recorder digests it), WARC-IP-Address, and WARC-Truncated when it was cut.',
    async () => (await import('./http-response-record-builder.js')).HttpResponseRecordBuilder),
  recordBuilder('HttpRequestRecordBuilder', 'A `request` record of the request head as sent, for fetchers that keep it.',
    async () => (await import('./http-request-record-builder.js')).HttpRequestRecordBuilder),
  recordBuilder('MetadataRecordBuilder',
    'A `metadata` record (`application/warc-fields`) per HTTP URI: seed, or via, hopsFromSeed and sourceTag; fetchTimeMs; one `outlink` line per link.',
    async () => (await import('./metadata-record-builder.js')).MetadataRecordBuilder),
  defineComponent({
    name: 'MailResourceRecordBuilder', kinds: ['WarcRecordBuilder'], props: {},
    description: 'A `resource` record (`message/rfc822`) of each mail message fetched over IMAP (FetchImap), its source as the server gave it; ' +
      'folder listings get none. beancrawl\'s own.',
    load: async () => (await import('./mail-resource-record-builder.js')).MailResourceRecordBuilder,
  }),
  defineComponent({
    name: 'ScreenshotRecordBuilder', kinds: ['WarcRecordBuilder'], props: {},
    description: 'A `resource` record (`image/png`, WARC-Target-URI `urn:view:` followed by the page\'s URI) of the screenshot BrowserProcessor ' +
      'took of a rendered page (its `screenshot` property). beancrawl\'s own; Browsertrix names its screenshots so.',
    load: async () => (await import('./rendered-page-record-builders.js')).ScreenshotRecordBuilder,
  }),
  defineComponent({
    name: 'RenderedDomRecordBuilder', kinds: ['WarcRecordBuilder'], props: {},
    description: 'A `resource` record (`text/html; charset=utf-8`, WARC-Target-URI `urn:dom:` followed by the page\'s URI) of a rendered page\'s ' +
      'DOM as BrowserProcessor serialized it (its `keepRenderedDom` property). beancrawl\'s own.',
    load: async () => (await import('./rendered-page-record-builders.js')).RenderedDomRecordBuilder,
  }),
  recordBuilder('WhoisResponseRecordBuilder', 'Accepted for Heritrix files; writes nothing, as beancrawl has no whois fetcher.', noRecords),
  recordBuilder('FtpControlConversationRecordBuilder', 'Accepted for Heritrix files; writes nothing, as beancrawl has no FTP fetcher.', noRecords),
  recordBuilder('FtpResponseRecordBuilder', 'Accepted for Heritrix files; writes nothing, as beancrawl has no FTP fetcher.', noRecords),
  recordBuilder('RevisitRecordBuilder',
    'A `revisit` record, in place of the `response` record (HttpResponseRecordBuilder then writes none), for an HTTP URI that revisits ' +
    'an earlier capture, as Heritrix decides: profile `server-not-modified` for a 304, `identical-payload-digest` for a 2xx with the ' +
    'digest of the last fetch with content, whatever a delta run\'s verdict. Its block is the response head as received, without the ' +
    'payload (`WARC-Truncated: length`); WARC-Payload-Digest (sha1) of the payload when known, ' +
    'WARC-IP-Address, WARC-Refers-To-Target-URI (the URI) and WARC-Refers-To-Date (when the fetch whose response record holds the payload ' +
    'began, from the fetch history); a 304\'s ETag and Last-Modified as WARC-Etag and WARC-Last-Modified, as in Heritrix.',
    async () => (await import('./revisit-record-builder.js')).RevisitRecordBuilder),
];
