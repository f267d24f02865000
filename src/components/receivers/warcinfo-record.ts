import { hostname, networkInterfaces } from 'node:os';
import type { CrawlMetadataInfo } from '../../model/crawl-metadata-info.js';
import type { WarcRecordDraft } from '../../model/receiver.js';
import { VERSION } from '../../util/version.js';
import { anvl, WARC_FIELDS_MIMETYPE } from './metadata-record-builder.js';

type OptionalField = 'operator' | 'organization' | 'audience' | 'description';

/**
 * The warcinfo fields Heritrix writes at the head of every file (application/warc-fields): the
 * software, this machine's address and name, the format, then from the `metadata` bean the
 * operator, publisher (organization), audience, isPartOf (jobName), description, robots policy,
 * and the User-Agent and From headers the crawl sends. Blank values are left out.
 */
export function warcinfoFields(metadata: CrawlMetadataInfo): string[] {
  const identity = metadata.forNoUri(); // a file's header concerns no URI: the base identity
  const optional = (key: OptionalField): string => metadata[key] ?? '';
  const pairs: Array<[string, string]> = [
    ['software', `beancrawl/${VERSION}`],
    ['ip', localAddress()],
    ['hostname', hostname()],
    ['format', 'WARC File Format 1.0'],
    ['conformsTo', 'http://bibnum.bnf.fr/WARC/WARC_ISO_28500_version1_latestdraft.pdf'],
    ['operator', optional('operator')],
    ['publisher', optional('organization')],
    ['audience', optional('audience')],
    ['isPartOf', metadata.jobName],
    ['description', optional('description')],
    ['robots', identity.robotsPolicyName.toLowerCase()],
    ['http-header-user-agent', identity.userAgent],
    ['http-header-from', identity.operatorFrom],
  ];
  return pairs.filter(([, v]) => v.trim() !== '').map(([k, v]) => `${k}: ${v}`);
}

/** The warcinfo record heading the file of this name. */
export function warcinfoRecord(fields: readonly string[], fileName: string): WarcRecordDraft {
  return {
    type: 'warcinfo', date: Date.now(), contentType: WARC_FIELDS_MIMETYPE, fields: [['WARC-Filename', fileName]],
    block: [Buffer.from(anvl(fields), 'utf8')],
  };
}

/** The first external IPv4 address (else IPv6, else none), as Java's InetAddress.getLocalHost() would name the machine. */
function localAddress(): string {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []).filter((a) => !a.internal);
  return (all.find((a) => a.family === 'IPv4') ?? all[0])?.address ?? '';
}
