import { expect } from 'chai';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { WARCParser } from 'warcio';
import { fastSets, parseCrawlLog, type CrawlLogEntry } from '../../../test/support/crawl-job.js';
import { REPO_ROOT } from '../../../test/support/run-cli.js';
import { page, SiteServer } from '../../../test/support/site-server.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { field, httpHeader, parseHttpMessage, readWarcFile, sha1Digest, type WarcRecordRead } from '../../../test/support/warc-reader.js';
import { checkBlockDigests, type BlockDigestCheck } from '../../../test/support/warcio-block-digests.js';
import { launchJob } from '../../job/launch-job.js';
import { withoutBean } from '../../../test/support/without-bean.js';

/** The default profile without its own writer and receivers, with the given beans added and refs put first in dispositionProcessors. */
async function profileWith(beans: string, refs: readonly string[]): Promise<string> {
  const profile = withoutBean(withoutBean(await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'), 'warcWriter'), 'receivers');
  const first = refs.map((id) => `<ref bean="${id}"/>\n    `).join('');
  return profile.replace('<ref bean="candidates"/>', `${first}<ref bean="candidates"/>`).replace('</beans>', `${beans}\n</beans>`);
}

const WARC_WRITER = (props = '') => `<bean id="warcWriter" class="org.archive.modules.writer.WARCWriterChainProcessor">${props}</bean>`;

interface CrawlOutcome {
  readonly exitStatus: string;
  readonly log: CrawlLogEntry[];
  /** The names in the run folder's warcs/ folder. */
  readonly warcNames: string[];
  /** Each WARC file's records, in name order. */
  readonly warcs: WarcRecordRead[][];
  /** How warcio (a reader sharing no code with ours) sees each file: type and record id of each record. */
  readonly warcio: Array<Array<[string, string]>>;
  /** warcio's check of each file's block digests. */
  readonly blockDigests: BlockDigestCheck[];
  /** Files under the run folder's `mirror/`, by path below it. */
  readonly mirror: Record<string, string>;
  readonly files: Record<string, string>;
}

/**
 * Crawls with the real engine, then reads what the run wrote (crawl.log, the WARC files, and
 * any run-folder files asked for) before the job folder is removed.
 */
async function crawl(sets: readonly string[], beans: string, read: readonly string[] = []): Promise<CrawlOutcome> {
  const job = await tempDir({ 'crawler-beans.xml': beans });
  try {
    const result = await launchJob(job.dir, { sets: sets.map((s) => s.replace(/\\n/g, '\n')) });
    const run = join(job.dir, result.runDir);
    const log = parseCrawlLog(await readFile(join(run, 'logs', 'crawl.log'), 'utf8'));
    const warcNames = (await readdir(join(run, 'warcs')).catch(() => [] as string[])).sort();
    const warcs = await Promise.all(warcNames.map((n) => readWarcFile(join(run, 'warcs', n))));
    const warcio = await Promise.all(warcNames.map((n) => warcioView(join(run, 'warcs', n))));
    const blockDigests = await Promise.all(warcNames.map((n) => checkBlockDigests(join(run, 'warcs', n))));
    const files: Record<string, string> = {};
    for (const f of read) files[f] = await readFile(join(run, f), 'utf8').catch(() => '<missing>');
    const mirror: Record<string, string> = {};
    for (const f of await readdir(join(run, 'mirror'), { recursive: true }).catch(() => [] as string[])) {
      mirror[f] = await readFile(join(run, 'mirror', f), 'utf8').catch(() => '<folder>');
    }
    return { exitStatus: result.exitStatus, log, warcNames, warcs, warcio, blockDigests, mirror, files };
  } finally {
    await job.cleanup();
  }
}

async function warcioView(path: string): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = [];
  for await (const record of new WARCParser(createReadStream(path))) {
    await record.readFully(false);
    out.push([record.warcType ?? '', record.warcHeader('WARC-Record-ID') ?? '']);
  }
  return out;
}

/** A ReceiverProcessor with a JSONL receiver (SMILA-style mapping, content included) and a mirror in the run folder. */
const RECEIVERS = `<bean id="receivers" class="ReceiverProcessor">
  <property name="receivers"><list>
   <bean class="JsonlReceiver"><property name="mapping"><map>
    <entry key="httpUrl" value="Path"/><entry key="httpMimetype" value="mime"/><entry key="httpCharset" value="charset"/>
    <entry key="httpLastModified" value="modified"/><entry key="httpSize" value="size"/><entry key="httpContent" value="Content"/>
   </map></property></bean>
   <bean class="DirectoryMirrorReceiver"><property name="path" value="\${launchId}/mirror"/></bean>
  </list></property>
 </bean>`;

const type = (r: WarcRecordRead) => field(r, 'WARC-Type');
const target = (r: WarcRecordRead) => field(r, 'WARC-Target-URI');

describe('WARC writing and receivers in a real crawl (integration)', function () {
  this.timeout(30000);
  let site: SiteServer;
  const zipped = page('zipped', ['/after-zip.html']);

  before(async () => {
    site = await SiteServer.start({
      '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: 'User-agent: *\nDisallow: /private/\n' },
      '/': { body: page('home', ['/a.html', '/zipped.html', '/chunked.html', '/private/x.html', '/missing.html']) },
      '/a.html': { headers: { 'last-modified': 'Tue, 02 Jan 2024 03:04:05 GMT' }, body: page('a', ['/b.html']) },
      '/b.html': { body: page('b', ['/']) },
      '/zipped.html': { headers: { 'content-encoding': 'gzip' }, body: gzipSync(zipped) },
      '/after-zip.html': { body: page('after zip') },
      '/chunked.html': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html><body><h1>chunked</h1>');
        setTimeout(() => res.end('<a href="/a.html">a</a></body></html>'), 5);
      },
    });
  });
  after(() => site.close());

  describe('the default profile with warcWriter first in the disposition chain', () => {
    let outcome: CrawlOutcome;
    let records: WarcRecordRead[];

    before(async () => {
      outcome = await crawl(fastSets([`${site.origin}/`]), await profileWith(WARC_WRITER(), ['warcWriter']));
      records = outcome.warcs.flat();
    });

    it('crawls to the end and leaves only closed .warc.gz files, each headed by one warcinfo record', () => {
      expect(outcome.exitStatus).to.equal('FINISHED');
      expect(outcome.warcNames).to.have.length(1);
      expect(outcome.warcNames[0]).to.match(/^WEB-\d{17}-00000-\d+~[^~]+~0\.warc\.gz$/);
      for (const [i, file] of outcome.warcs.entries()) {
        expect(type(file[0])).to.equal('warcinfo');
        expect(field(file[0], 'WARC-Filename')).to.equal(outcome.warcNames[i]);
        expect(file[0].block.toString()).to.include('\r\nisPartOf: basic\r\ndescription: Basic crawl starting with useful defaults\r\nrobots: obey\r\n');
        expect(file.slice(1).map(type)).not.to.include('warcinfo');
      }
    });

    it('writes exactly one response per URI crawl.log shows fetched (status > 0), none for the others', () => {
      const fetched = outcome.log.filter((e) => e.status > 0).map((e) => e.uri).sort();
      const responses = records.filter((r) => type(r) === 'response').map((r) => target(r)!).sort();
      expect(responses).to.deep.equal(fetched);
      expect(fetched).to.include.members([`dns:127.0.0.1`, `${site.origin}/robots.txt`, `${site.origin}/missing.html`, `${site.origin}/after-zip.html`]);
      const precluded = outcome.log.find((e) => e.uri.endsWith('/private/x.html'))!;
      expect(precluded.status).to.equal(-9998);
      expect(precluded.annotations).to.include('unwritten:status');
    });

    it('groups each URI\'s records in Heritrix\'s order (response, request, metadata), linked to the response by WARC-Concurrent-To', () => {
      const groups: WarcRecordRead[][] = [];
      for (const r of records) {
        if (type(r) === 'response') groups.push([r]);
        else if (type(r) !== 'warcinfo') groups.at(-1)!.push(r);
      }
      for (const [response, ...others] of groups) {
        const dns = target(response)!.startsWith('dns:');
        expect([response, ...others].map(type), target(response)).to.deep.equal(dns ? ['response'] : ['response', 'request', 'metadata']);
        expect(field(response, 'WARC-Concurrent-To')).to.equal(undefined);
        for (const r of others) {
          expect(target(r)).to.equal(target(response));
          expect(field(r, 'WARC-Concurrent-To')).to.equal(field(response, 'WARC-Record-ID'));
        }
      }
      for (const r of records.filter((x) => type(x) === 'request')) {
        const path = new URL(target(r)!).pathname;
        expect(r.block.toString('latin1')).to.match(new RegExp(`^GET ${path} HTTP/1\\.1\r\n(.+\r\n)*\r\n$`));
        expect(parseHttpMessage(r.block).headers.map(([n]) => n.toLowerCase())).to.include.members(['host', 'user-agent']);
      }
    });

    it('stores payload digests over the HTTP body as stored, equal to crawl.log\'s', () => {
      for (const r of records.filter((x) => type(x) === 'response' && target(x)!.startsWith('http'))) {
        const body = parseHttpMessage(r.block).body;
        expect(field(r, 'WARC-Payload-Digest')).to.equal(sha1Digest(body));
        expect(field(r, 'WARC-IP-Address')).to.equal('127.0.0.1');
        expect(outcome.log.find((e) => e.uri === target(r))!.digest).to.equal(field(r, 'WARC-Payload-Digest'));
      }
    });

    it('keeps a gzip-encoded response gzip in its record, its links still followed', () => {
      const r = records.find((x) => type(x) === 'response' && target(x) === `${site.origin}/zipped.html`)!;
      const http = parseHttpMessage(r.block);
      expect(httpHeader(http, 'content-encoding')).to.equal('gzip');
      expect(http.payload.subarray(0, 2)).to.deep.equal(Buffer.from([0x1f, 0x8b]));
      expect(gunzipSync(http.payload).toString()).to.equal(zipped);
      expect(outcome.log.find((e) => e.uri === `${site.origin}/after-zip.html`)!.status).to.equal(200);
    });

    it('stores a chunked response as received, chunk framing and all, with the payload digest crawl.log shows', () => {
      const r = records.find((x) => type(x) === 'response' && target(x) === `${site.origin}/chunked.html`)!;
      const http = parseHttpMessage(r.block);
      expect(httpHeader(http, 'transfer-encoding')).to.equal('chunked');
      expect(httpHeader(http, 'content-length')).to.equal(undefined);
      expect(http.body.toString('latin1')).to.match(/^[0-9a-f]+\r\n<html><body><h1>chunked<\/h1>\r\n/);
      expect(http.payload.toString()).to.equal('<html><body><h1>chunked</h1><a href="/a.html">a</a></body></html>');
      expect(field(r, 'WARC-Payload-Digest')).to.equal(sha1Digest(http.body));
      expect(outcome.log.find((e) => e.uri === `${site.origin}/chunked.html`)!.digest).to.equal(sha1Digest(http.body));
    });

    it('writes the dns: answer as a text/dns response and outlinks into metadata records', () => {
      const dns = records.find((x) => target(x) === 'dns:127.0.0.1')!;
      expect(field(dns, 'Content-Type')).to.equal('text/dns');
      expect(dns.block.toString()).to.match(/^\d{14}\n127\.0\.0\.1\.\t\d+\tIN\tA\t127\.0\.0\.1\n$/);
      const home = records.find((x) => type(x) === 'metadata' && target(x) === `${site.origin}/`)!;
      expect(home.block.toString()).to.match(/^seed:\r\nfetchTimeMs: \d+\r\n/);
      expect(home.block.toString()).to.include(`\r\noutlink: ${site.origin}/a.html L a/@href\r\n`);
    });

    it('gives every record a WARC-Block-Digest that warcio verifies: warcinfo, response (dns: too), request, metadata', () => {
      const types = new Set<string>();
      for (const [i, check] of outcome.blockDigests.entries()) {
        expect(check.problems, outcome.warcNames[i]).to.deep.equal([]);
        for (const t of Object.keys(check.types)) types.add(t);
      }
      expect([...types].sort()).to.deep.equal(['metadata', 'request', 'response', 'warcinfo']);
      expect(records.filter((r) => type(r) === 'response' && field(r, 'WARC-Target-URI')!.startsWith('dns:'))).to.have.length.above(0);
    });

    it('writes files warcio reads record for record', () => {
      expect(outcome.warcio).to.deep.equal(outcome.warcs.map((file) => file.map((r) => [type(r), field(r, 'WARC-Record-ID')])));
    });
  });

  it('rotates files at a small maxFileSizeBytes: serial numbers in order, warcinfo heading each, no URI split across files', async () => {
    const beans = await profileWith(WARC_WRITER('<property name="maxFileSizeBytes" value="1500"/><property name="prefix" value="ROT"/>'), ['warcWriter']);
    const outcome = await crawl(fastSets([`${site.origin}/`]), beans);
    expect(outcome.warcNames.length).to.be.greaterThan(3);
    expect(outcome.warcNames.map((n) => n.split('-')[2])).to.deep.equal(outcome.warcNames.map((_, i) => String(i).padStart(5, '0')));
    for (const name of outcome.warcNames) expect(name).to.match(/^ROT-.*\.warc\.gz$/);
    const seen = new Set<string>();
    for (const file of outcome.warcs) {
      expect(type(file[0])).to.equal('warcinfo');
      const here = new Set(file.slice(1).map((r) => target(r)!));
      for (const uri of here) expect(seen.has(uri), `${uri} in two files`).to.equal(false);
      here.forEach((u) => seen.add(u));
    }
    expect([...seen].sort()).to.deep.equal(outcome.log.filter((e) => e.status > 0).map((e) => e.uri).sort());
  });

  describe('receivers in the disposition chain', () => {
    const documents = ['/', '/a.html', '/b.html', '/zipped.html', '/after-zip.html', '/chunked.html'];

    it('hand every 2xx page (not robots.txt, dns:, 404 or precluded) to JSONL and to the mirror, content decoded', async () => {
      const outcome = await crawl(fastSets([`${site.origin}/`]), await profileWith(RECEIVERS, ['receivers']), ['documents.jsonl']);
      const lines = outcome.files['documents.jsonl'].split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.map((l) => l.Path).sort()).to.deep.equal(documents.map((p) => site.origin + p).sort());
      const zip = lines.find((l) => l.Path === `${site.origin}/zipped.html`)!;
      expect(zip).to.deep.equal({ kind: 'found', Path: `${site.origin}/zipped.html`, mime: 'text/html', charset: 'utf-8', size: Buffer.byteLength(zipped), Content: zipped });
      expect(lines.find((l) => l.Path === `${site.origin}/a.html`)!.modified).to.equal('2024-01-02T03:04:05.000Z');
      const top = `http_127.0.0.1_${site.port}`;
      expect(Object.keys(outcome.mirror).filter((f) => !outcome.mirror[f].startsWith('<folder>')).sort()).to.deep.equal(
        [`${top}/index.html`, ...documents.slice(1).map((p) => `${top}${p}`)].sort(),
      );
      expect(outcome.mirror[`${top}/zipped.html`]).to.equal(zipped);
      expect(outcome.mirror[`${top}/index.html`]).to.equal(lines.find((l) => l.Path === `${site.origin}/`)!.Content);
    });

    it('in test mode crawl the same, yet pass nothing to the receivers', async () => {
      const sets = fastSets([`${site.origin}/`], ['receivers.testMode=true']);
      const outcome = await crawl(sets, await profileWith(RECEIVERS, ['receivers']), ['documents.jsonl']);
      expect(outcome.log.filter((e) => e.status === 200).map((e) => e.uri)).to.include.members(documents.map((p) => site.origin + p));
      expect(outcome.files['documents.jsonl']).to.equal('');
      expect(outcome.mirror).to.deep.equal({});
    });
  });
});
