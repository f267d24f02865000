import { expect } from 'chai';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WARCParser } from 'warcio';
import { runCli } from '../support/run-cli.js';
import { sha1Base32 } from '../../src/util/sha1-base32.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';

const FAST = ['--set', 'disposition.delayFactor=0', '--set', 'disposition.minDelayMs=0', '--set', 'disposition.maxDelayMs=0'];

/** The record warcio reads at `offset` of a WARC file, reading no further than `length` bytes; an HTTP head parsed when `parseHttp`. */
async function warcioRecordAt(path: string, offset: number, length: number, parseHttp = true) {
  const parser = new WARCParser(createReadStream(path, { start: offset, end: offset + length - 1 }), { parseHttp });
  const record = await parser.parse();
  expect(record, `a record at ${path}:${offset}`).to.not.equal(null);
  const payload = await record!.readFully();
  return Object.assign(record!, { payloadRead: payload });
}

describe('beancrawl index and get (the binary)', function () {
  this.timeout(60000);
  let site: SiteServer;
  let work: Awaited<ReturnType<typeof tempDir>>;
  let job: string;
  let runDir: string;

  before(async () => {
    site = await SiteServer.start({
      '/': { body: page('home', ['/a.html', '/zipped.html', '/chunked.txt', '/missing.html', '/old']) },
      '/a.html': { body: page('a') },
      '/zipped.html': { headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: gzipSync('<p>unzipped</p>') },
      '/chunked.txt': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first ');
        res.end('second');
      },
      '/old': { status: 301, headers: { location: '/a.html' } },
    });
    work = await tempDir();
    job = join(work.dir, 'job');
    const r = await runCli(['crawl', `${site.origin}/`, '--job', job, '--contact', 'https://example.org/contact', ...FAST], { timeoutMs: 30000 });
    expect(r.code, r.stderr).to.equal(0);
    const runs = await readdir(join(job, 'runs'));
    runDir = join(job, 'runs', runs[0]);
  });
  after(async () => {
    await site.close();
    await work.cleanup();
  });

  it('get builds the index when missing, and prints the latest capture: status line, headers, body as stored', async () => {
    const r = await runCli(['get', job, `${site.origin}/chunked.txt`]);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.match(/^HTTP\/1\.1 200 OK\r\n/);
    // As stored: as received, the chunk framing kept.
    expect(r.stdout).to.match(/\r\nTransfer-Encoding: chunked\r\n/i);
    expect(r.stdout).to.match(/\r\n\r\n[0-9a-f]+\r\nfirst \r\n/i);
    const body = await runCli(['get', job, `${site.origin}/chunked.txt`, '--body']);
    expect(body.stdout).to.equal('first second');
    expect((await readdir(runDir))).to.include('index.cdxj');
  });

  it('get --body prints the body alone, decoded from its Content-Encoding', async () => {
    const r = await runCli(['get', job, `${site.origin}/zipped.html`, '--body']);
    expect(r.code, r.stderr).to.equal(0);
    expect(r.stdout).to.equal('<p>unzipped</p>');
    const stored = await runCli(['get', job, `${site.origin}/zipped.html`]);
    expect(stored.stdout).to.match(/\r\ncontent-encoding: gzip\r\n/i).and.not.contain('unzipped');
  });

  it('get --at picks the capture closest to a time; a URL with no capture exits 1 and says so', async () => {
    const at = await runCli(['get', job, `${site.origin}/old`, '--at', '2001']);
    expect(at.code, at.stderr).to.equal(0);
    expect(at.stdout).to.match(/^HTTP\/1\.1 301 /);
    const none = await runCli(['get', job, `${site.origin}/never.html`]);
    expect(none.code).to.equal(1);
    expect(none.stderr).to.contain(`no capture of ${site.origin}/never.html`);
    const bad = await runCli(['get', job, `${site.origin}/`, '--at', 'yesterday']);
    expect(bad.code).to.equal(2);
    const noRun = await runCli(['index', job, '--run', 'nope']);
    expect(noRun.code).to.equal(1);
    expect(noRun.stderr).to.contain('BC_JOB_NO_RUN');
  });

  it('index writes the CDXJ index pywb\'s indexer writes (keys, fields, bare file names, byte order), whose offsets warcio reads back', async () => {
    const r = await runCli(['index', job]);
    expect(r.code, r.stderr).to.equal(0);
    const lines = (await readFile(join(runDir, 'index.cdxj'), 'utf8')).trimEnd().split('\n');
    expect(r.stdout).to.contain(`${lines.length} records from 1 WARC file`);
    expect([...lines].sort()).to.deep.equal(lines);
    const entries = lines.map((l): Record<string, string> => {
      const [surt, ts, ...json] = l.split(' ');
      const fields = JSON.parse(json.join(' ')) as Record<string, string>;
      // pywb's fields, in its order, as Python's json.dumps writes them.
      const order = ['url', 'mime', 'status', 'digest', 'length', 'offset', 'filename'];
      expect(Object.keys(fields), l).to.deep.equal(order.filter((k) => k in fields));
      expect(json.join(' ')).to.equal(`{${Object.entries(fields).map(([k, v]) => `"${k}": ${JSON.stringify(v)}`).join(', ')}}`);
      return { surt, ts, ...fields };
    });
    const byUrl = new Map(entries.map((e) => [e.url, e]));
    const port = site.port;
    // The Python surt package's key, which pywb looks captures up by: an IP address reversed like a host name.
    expect(byUrl.get(`${site.origin}/a.html`)).to.include({ surt: `1,0,0,127:${port})/a.html`, status: '200', mime: 'text/html' });
    expect(byUrl.get(`${site.origin}/`)).to.include({ surt: `1,0,0,127:${port})/` });
    expect(byUrl.get(`${site.origin}/missing.html`)).to.include({ status: '404' });
    expect(byUrl.get(`${site.origin}/old`)).to.include({ status: '301' });
    const files = await readdir(join(runDir, 'warcs'));
    let warcRecords = 0;
    for (const e of entries) {
      expect(e.ts).to.match(/^\d{14}$/);
      // The bare name, as pywb's collections hold WARC files flat in archive/.
      expect(files).to.include(e.filename);
      const record = await warcioRecordAt(join(runDir, 'warcs', e.filename), Number(e.offset), Number(e.length), /^https?:/.test(e.url));
      expect(record.warcTargetURI).to.equal(e.url);
      expect(record.warcType === 'revisit').to.equal(e.mime === 'warc/revisit');
      // The payload digest, or, for a record that has none (a dns: answer), pywb's own: sha1 of the payload.
      expect(`sha1:${e.digest}`, e.url).to.equal(record.warcPayloadDigest ?? sha1Base32(record.payloadRead));
      // A response's HTTP status; one without an HTTP head (a dns: answer) counts as 200, as pywb makes up a head for it.
      if (record.warcType === 'response') expect(String(record.httpHeaders?.statusCode ?? 200)).to.equal(e.status);
      expect(record.warcHeader('WARC-Date')!.replace(/\D/g, '').slice(0, 14)).to.equal(e.ts);
    }
    // Every record pywb indexes is in the index (all but warcinfo, request and application/warc-fields), and nothing else.
    for (const file of new Set(entries.map((e) => e.filename))) {
      const parser = new WARCParser(createReadStream(join(runDir, 'warcs', file)));
      for await (const record of parser) {
        if (!['warcinfo', 'request'].includes(record.warcType) && record.warcContentType !== 'application/warc-fields') warcRecords++;
      }
    }
    expect(entries.length).to.equal(warcRecords);
    // get reads the index as pywb would: bare file names found in the run's WARC folder.
    const got = await runCli(['get', job, `${site.origin}/a.html`, '--body']);
    expect(got.code, got.stderr).to.equal(0);
    expect(got.stdout).to.contain('a');
  });
});
