import { expect } from 'chai';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { BIN } from '../support/run-cli.js';
import { linkedSite, type SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const USER = 'admin';
const PASSWORD = 'admin';
const CONTACT = 'https://example.org/contact';
/** Heritrix's documented flags: `-k` (the service's certificate is the test's own), the user, --anyauth, --location. */
const AUTH = ['-k', '-u', `${USER}:${PASSWORD}`, '--anyauth', '--location'];
/** A line of Heritrix's job.log: `2020-04-01T03:50:44.708Z INFO FINISHED 20200401020744`. */
const JOB_LOG_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (INFO|WARNING|SEVERE) \S/;
/** Every element of Heritrix's CrawlJobModel for a built job (crawlExitStatus once FINISHED, checkpointName after a recovery). */
const JOB_ELEMENTS = [
  'shortName', 'crawlControllerState', 'statusDescription', 'availableActions', 'launchCount', 'lastLaunch', 'isProfile', 'primaryConfig', 'primaryConfigUrl', 'url',
  'jobLogTail', 'uriTotalsReport', 'sizeTotalsReport', 'rateReport', 'loadReport', 'elapsedReport', 'threadReport', 'frontierReport', 'crawlLogTail', 'configFiles',
  'isLaunchInfoPartial', 'isRunning', 'isLaunchable', 'hasApplicationContext', 'alertCount', 'checkpointFiles', 'alertLogFilePath', 'alertLogFileUrl',
  'crawlLogFilePath', 'crawlLogFileUrl', 'reports', 'heapReport',
];
const XML = ['-H', 'Accept: application/xml'];

/** What one curl call did: its exit code, the final answer's status and body, and its verbose trace. */
interface CurlResult {
  readonly args: readonly string[];
  readonly code: number | null;
  readonly status: number;
  readonly body: string;
  readonly trace: string;
}

/** A parsed XML element: its text (a number or boolean when it reads as one), or its children by name. */
type Node = string | number | boolean | Doc | Node[];
interface Doc {
  readonly [name: string]: Node;
}

/** `beancrawl serve` spawned from the real binary, its output kept for failing assertions to show. */
class Service {
  stdout = '';
  stderr = '';
  base = '';
  token = '';
  readonly exited: Promise<number | null>;
  readonly child: ChildProcess;

  constructor(jobsDir: string, passwordFile: string, tls: { cert: string; key: string }) {
    const args = [BIN, 'serve', '--jobs-dir', jobsDir, '--port', '0', '--password-file', passwordFile, '--tls-cert', tls.cert, '--tls-key', tls.key];
    this.child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.setEncoding('utf8').on('data', (d: string) => (this.stdout += d));
    this.child.stderr!.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    this.exited = new Promise((resolve) => this.child.on('close', resolve));
  }

  async started(): Promise<this> {
    await until(() => this.stdout.includes('\n') || this.child.exitCode !== null, 'the service to print its URL', { timeoutMs: 30_000 });
    const m = /^(https:\/\/[^/]+)\/\?token=([A-Za-z0-9_-]+)$/.exec(this.stdout.split('\n')[0]);
    if (!m) throw new Error(`the service printed no URL${this.output()}`);
    [, this.base, this.token] = m;
    return this;
  }

  output(): string {
    return `\n--- the service's stdout:\n${this.stdout}\n--- its stderr:\n${this.stderr}`;
  }

  /** SIGTERM, then its exit (SIGKILL if it does not come). */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 60_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** curl as Heritrix's documentation calls it (`-v`), the final status written after the body. */
function curl(args: readonly string[]): Promise<CurlResult> {
  const all = ['-v', '-sS', '--max-time', '120', ...args, '--write-out', '\n%{http_code}'];
  return new Promise((resolve, reject) => {
    const child = spawn('curl', all, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let trace = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (trace += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const cut = out.lastIndexOf('\n');
      resolve({ args: all, code, status: Number(out.slice(cut + 1)), body: out.slice(0, cut), trace });
    });
  });
}

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'value' || name === 'i' });

function parseXml(r: CurlResult, root: string): Doc {
  const doc = parser.parse(r.body) as Doc;
  if (!(root in doc)) throw new Error(`no <${root}> document in the answer:\n${r.body}`);
  return doc[root] as Doc;
}

/** The element at a path of names (undefined when there is none). */
function at(node: Node | undefined, ...path: string[]): Node | undefined {
  for (const name of path) node = node !== undefined && typeof node === 'object' && !Array.isArray(node) ? node[name] : undefined;
  return node;
}

/** A Heritrix list (`<x><value>…</value></x>`) as an array; an empty element is an empty list. */
function values(node: Node | undefined, ...path: string[]): Node[] {
  const list = at(node, ...path, 'value') ?? at(node, ...path, 'i');
  return Array.isArray(list) ? list : [];
}

function num(node: Node | undefined, ...path: string[]): number {
  const v = at(node, ...path);
  return typeof v === 'number' ? v : NaN;
}

function keys(node: Node | undefined, ...path: string[]): string[] {
  const v = at(node, ...path);
  return v !== undefined && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : [];
}

/** The session cookie (`name=value`) the service sets for its token, asked for with curl. */
async function sessionCookie(base: string, token: string): Promise<string> {
  const r = await curl(['-k', `${base}/?token=${token}`]);
  const m = /< set-cookie: ([^;\r\n]+)/i.exec(r.trace);
  if (!m) throw new Error(`no session cookie:\n${r.trace}`);
  return m[1];
}

describe('Heritrix\'s REST calls, as its documentation writes them (curl against the real beancrawl serve, over TLS)', function () {
  this.timeout(180_000);
  /** A self-signed certificate for the service (serve takes --tls-cert and --tls-key; Heritrix's calls use https and -k). */
  let certs: Awaited<ReturnType<typeof tempDir>>;
  let tls: { cert: string; key: string };
  let work: Awaited<ReturnType<typeof tempDir>>;
  let service: Service;
  let web: SiteServer | undefined;
  const jobs = () => join(work.dir, 'jobs');
  /** What a failing assertion shows: the curl call, its output and trace, and the service's output. */
  const shown = (r: CurlResult) => `\n--- curl ${r.args.join(' ')} (exit ${r.code}, status ${r.status})\n--- its output:\n${r.body}\n--- its ` +
    `trace:\n${r.trace}${service.output()}`;
  const engine = () => `${service.base}/engine`;
  const job = (name: string) => `${service.base}/engine/job/${name}`;
  /** A job's document, as a script polls it. */
  const jobDoc = async (name: string) => {
    const r = await curl([...AUTH, ...XML, job(name)]);
    expect(r.status, shown(r)).to.equal(200);
    return parseXml(r, 'job');
  };
  /**
   * Heritrix's create, then the job's seeds, contact and (for a crawl that lasts) a politeness
   * delay, submitted as Heritrix's documentation does: `curl -v -T my-crawler-beans.cxml -k -u
   * admin:admin --anyauth --location …/engine/job/NAME/jobdir/crawler-beans.cxml`.
   */
  const createJob = async (name: string, seeds: readonly string[], extraOverrides: readonly string[] = []) => {
    const created = await curl(['-d', `action=create&createpath=${name}`, ...AUTH, engine()]);
    expect(created.status, shown(created)).to.equal(200);
    const text = (await readFile(join(jobs(), name, 'crawler-beans.cxml'), 'utf8'))
      .replace(/^metadata\.operatorContactUrl=.*$/m, [`metadata.operatorContactUrl=${CONTACT}`, ...extraOverrides].join('\n'))
      .replace(/(<prop key="seeds\.textSource\.value">)[\s\S]*?(<\/prop>)/, (_, open: string, close: string) => `${open}\n${seeds.join('\n')}\n    ${close}`);
    const mine = join(work.dir, `${name}-crawler-beans.cxml`);
    await writeFile(mine, text);
    const put = await curl(['-T', mine, ...AUTH, `${job(name)}/jobdir/crawler-beans.cxml`]);
    expect(put.status, shown(put)).to.equal(200);
    expect(await readFile(join(jobs(), name, 'crawler-beans.cxml'), 'utf8')).to.equal(text);
  };

  before(async () => {
    certs = await tempDir();
    tls = { cert: join(certs.dir, 'cert.pem'), key: join(certs.dir, 'key.pem') };
    await promisify(execFile)('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', tls.key, '-out', tls.cert,
      '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ]);
    await access(tls.cert);
  });

  after(async () => {
    await certs?.cleanup();
  });

  beforeEach(async () => {
    work = await tempDir();
    const ha1 = createHash('md5').update(`${USER}:beancrawl:${PASSWORD}`).digest('hex');
    await writeFile(join(work.dir, 'passwords'), `${USER}:beancrawl:${ha1}\n`);
    service = await new Service(jobs(), join(work.dir, 'passwords'), tls).started();
  });

  afterEach(async () => {
    await service.stop();
    await web?.close();
    web = undefined;
    await work.cleanup();
  });

  it('GET /engine: Heritrix\'s engine document, XML by default and with Accept: application/xml, JSON with Accept: application/json', async () => {
    const created = await curl(['-d', 'action=create&createpath=myjob', ...AUTH, engine()]);
    expect(created.status, shown(created)).to.equal(200);
    // The POST answered 303 to /engine (curl --location followed it, Digest both times).
    expect(created.trace, shown(created)).to.match(/< HTTP\/1\.1 303/).and.match(/< location: \/engine\r?\n/i).and.match(/> Authorization: Digest username="admin"/);
    expect(created.body).to.match(/^<\?xml /);

    const plain = parseXml(created, 'engine');
    const xml = parseXml(await curl([...AUTH, ...XML, engine()]), 'engine');
    for (const doc of [plain, xml]) {
      expect(String(doc.heritrixVersion)).to.match(/^3\.\d+\.\d+-beancrawl-/);
      expect(doc.jobsDir).to.equal(jobs());
      expect(values(doc, 'availableActions')).to.deep.equal(['rescan', 'create']);
      expect(values(doc, 'profiles')).to.include('default');
      const listed = values(doc, 'jobs') as Doc[];
      expect(listed.map((j) => j.shortName)).to.deep.equal(['myjob']);
      expect(listed[0]).to.include({
        url: `${service.base}/engine/job/myjob`, isProfile: false, launchCount: 0, hasApplicationContext: false, statusDescription: 'Unbuilt',
        primaryConfig: join(jobs(), 'myjob', 'crawler-beans.cxml'), primaryConfigUrl: `${service.base}/engine/job/myjob/jobdir/crawler-beans.cxml`, key: 'myjob',
      });
      expect(doc.jobsDirUrl).to.equal(`${service.base}/engine/jobsdir/`);
    }
    // Heritrix's element order.
    expect(Object.keys(xml).slice(0, 5)).to.deep.equal(['heritrixVersion', 'beancrawlVersion', 'heapReport', 'jobsDir', 'jobsDirUrl']);
    expect(keys(xml, 'heapReport')).to.deep.equal(['usedBytes', 'totalBytes', 'maxBytes']);

    const json = await curl([...AUTH, '-H', 'Accept: application/json', engine()]);
    expect(json.status, shown(json)).to.equal(200);
    expect(json.trace).to.match(/< content-type: application\/json/i);
    const doc = JSON.parse(json.body) as { availableActions: string[]; jobs: object[] };
    expect(doc.availableActions).to.deep.equal(['rescan', 'create']);
    expect(doc.jobs).to.have.length(1);
    expect(doc.jobs[0]).to.include({ shortName: 'myjob', statusDescription: 'Unbuilt', launchCount: 0, lastLaunch: null });

    // Heritrix's profile names are the default profile; a job that exists is a conflict; rescan and add.
    const heritrixProfile = await curl(['-d', 'action=create&createpath=second&profile=Defaults (XML)', ...AUTH, ...XML, engine()]);
    expect(values(parseXml(heritrixProfile, 'engine'), 'jobs').map((j) => at(j, 'shortName')), shown(heritrixProfile)).to.deep.equal(['myjob', 'second']);
    const again = await curl(['-d', 'action=create&createpath=myjob', ...AUTH, ...XML, engine()]);
    expect(again.status, shown(again)).to.equal(409);
    expect(again.trace).to.match(/< content-type: application\/problem\+xml/i);
    expect(parseXml(again, 'problem')).to.include({ status: 409 });
    const rescan = await curl(['-d', 'action=rescan', ...AUTH, ...XML, engine()]);
    expect(rescan.status, shown(rescan)).to.equal(200);
    expect(values(parseXml(rescan, 'engine'), 'jobs')).to.have.length(2);
    const add = await curl(['-d', `action=add&addpath=${work.dir}`, ...AUTH, '-H', 'Accept: application/json', engine()]);
    expect(add.status, shown(add)).to.equal(422);
    expect(JSON.parse(add.body).detail).to.match(/serves one jobs folder/);

    // Heritrix's copy job (copyTo, asProfile) and delete: each answered with where to look next.
    const copied = await curl(['-d', 'copyTo=third', ...AUTH, ...XML, job('second')]);
    expect(copied.status, shown(copied)).to.equal(200);
    expect(parseXml(copied, 'job')).to.include({ shortName: 'third' });
    const profile = await curl(['-d', 'copyTo=my-profile&asProfile=on', ...AUTH, ...XML, job('second')]);
    expect(profile.status, shown(profile)).to.equal(200);
    expect(values(parseXml(profile, 'engine'), 'profiles')).to.include('my-profile');
    const deleted = await curl(['-d', 'action=delete', ...AUTH, ...XML, job('third')]);
    expect(deleted.status, shown(deleted)).to.equal(200);
    expect(values(parseXml(deleted, 'engine'), 'jobs').map((j) => at(j, 'shortName'))).to.deep.equal(['myjob', 'second']);
  });

  it('takes credentials in the Authorization header only: the token as Bearer, the password file\'s user by Digest or Basic', async () => {
    const bearer = await curl(['-k', '-H', `Authorization: Bearer ${service.token}`, ...XML, engine()]);
    expect(bearer.status, shown(bearer)).to.equal(200);
    expect(parseXml(bearer, 'engine').jobsDir).to.equal(jobs());
    const basic = await curl(['-k', '-u', `${USER}:${PASSWORD}`, ...XML, engine()]);
    expect(basic.status, shown(basic)).to.equal(200);
    expect(basic.trace).to.match(/> Authorization: Basic /);

    const wrong = await curl(['-k', '-u', `${USER}:not-the-password`, '--anyauth', '--location', ...XML, engine()]);
    expect(wrong.status, shown(wrong)).to.equal(401);
    expect(wrong.trace).to.match(/> Authorization: Digest /);
    expect(parseXml(wrong, 'problem')).to.include({ status: 401, title: 'Unauthorized' });
    const noUser = await curl(['-k', '-u', `nobody:${PASSWORD}`, '--anyauth', ...XML, engine()]);
    expect(noUser.status, shown(noUser)).to.equal(401);

    // The session cookie a browser gets for the token opens /api/v1, never /engine.
    const session = await sessionCookie(service.base, service.token);
    const api = await curl(['-k', '-H', `Cookie: ${session}`, `${service.base}/api/v1/engine`]);
    expect(api.status, shown(api)).to.equal(200);
    const byCookie = await curl(['-k', '-H', `Cookie: ${session}`, ...XML, engine()]);
    expect(byCookie.status, shown(byCookie)).to.equal(401);
    const postByCookie = await curl(['-k', '-H', `Cookie: ${session}`, '-H', `Origin: ` +
      `${service.base}`, '-d', 'action=create&createpath=bycookie', ...XML, engine()]);
    expect(postByCookie.status, shown(postByCookie)).to.equal(401);

    // Another site's page cannot make the operator's browser (or anything) change a thing, credentials or not.
    const crossSite = await curl(['-H', 'Origin: https://evil.example', '-d', 'action=create&createpath=evil', ...AUTH, ...XML, engine()]);
    expect(crossSite.status, shown(crossSite)).to.equal(403);
    const crossSiteBearer = await curl(['-k', '-H', 'Origin: https://evil.example', '-H', `Authorization: Bearer ` +
      `${service.token}`, '-d', 'action=create&createpath=evil', engine()]);
    expect(crossSiteBearer.status, shown(crossSiteBearer)).to.equal(403);
    const after = await curl([...AUTH, '-H', 'Accept: application/json', engine()]);
    expect(JSON.parse(after.body).jobs, shown(after)).to.deep.equal([]);

    // The handshake's first, credential-less request is no failed attempt: twenty calls in a row all get through,
    // and so do twenty requests without credentials anywhere (each answered with its challenge).
    for (let i = 0; i < 20; i++) {
      const r = await curl(['-d', 'action=rescan', ...AUTH, ...XML, engine()]);
      expect(r.status, shown(r)).to.equal(200);
    }
    for (const url of [engine(), job('nojob'), `${service.base}/api/v1/engine`]) {
      for (let i = 0; i < 10; i++) {
        const r = await curl(['-k', url]);
        expect(r.status, shown(r)).to.equal(401);
      }
    }
    const still = await curl([...AUTH, ...XML, engine()]);
    expect(still.status, shown(still)).to.equal(200);
  });

  it('takes a configuration as Heritrix\'s documentation submits it (curl -T … --anyauth …/jobdir/crawler-beans.cxml), and serves jobdir and ' +
    'jobsdir', async () => {
    const created = await curl(['-d', 'createpath=myjob&action=create', ...AUTH, engine()]);
    expect(created.status, shown(created)).to.equal(200);
    // Heritrix's name for the bean file, and only it.
    await access(join(jobs(), 'myjob', 'crawler-beans.cxml'));
    expect(await readFile(join(jobs(), 'myjob', 'crawler-beans.xml')).then(() => true, () => false)).to.equal(false);

    // The documented call, unchanged: a challenge (Digest and Basic), then the Digest answer, then 200 and the bytes stored.
    const mine = join(work.dir, 'my-crawler-beans.cxml');
    const text = `${await readFile(join(jobs(), 'myjob', 'crawler-beans.cxml'), 'utf8')}<!-- submitted -->\n`;
    await writeFile(mine, text);
    const put = await curl(['-T', mine, ...AUTH, `${job('myjob')}/jobdir/crawler-beans.cxml`]);
    expect(put.status, shown(put)).to.equal(200);
    expect(put.trace).to.match(/< HTTP\/1\.1 401/).and.match(/< www-authenticate: Digest realm="beancrawl"/i).and.match(/< www-authenticate: Basic /i);
    expect(put.trace).to.match(/> PUT \/engine\/job\/myjob\/jobdir\/crawler-beans\.cxml HTTP\/1\.1[\s\S]*> Authorization: Digest username="admin"/);
    expect(put.body).to.equal('');
    expect(await readFile(join(jobs(), 'myjob', 'crawler-beans.cxml'), 'utf8')).to.equal(text);
    // A new file of the job: 201. The file read back through the same route.
    await writeFile(join(work.dir, 'seeds.txt'), 'https://example.org/\n');
    const seeds = await curl(['-T', join(work.dir, 'seeds.txt'), ...AUTH, `${job('myjob')}/jobdir/seeds.txt`]);
    expect(seeds.status, shown(seeds)).to.equal(201);
    const read = await curl([...AUTH, `${job('myjob')}/jobdir/crawler-beans.cxml`]);
    expect(read.status, shown(read)).to.equal(200);
    expect(read.body).to.equal(text);
    expect(read.trace).to.match(/< content-type: application\/xml/i);

    // The job's folder and the jobs folder, listed as absolute URLs (folders end in /); no dotfile is listed or served.
    const listing = await curl([...AUTH, `${job('myjob')}/jobdir/`]);
    expect(listing.status, shown(listing)).to.equal(200);
    expect(listing.body.split('\r\n')).to.include.members([`${job('myjob')}/jobdir/crawler-beans.cxml`, `${job('myjob')}/jobdir/seeds.txt`]);
    const jobsDirUrl = String(parseXml(await curl([...AUTH, ...XML, engine()]), 'engine').jobsDirUrl);
    const jobsListing = await curl([...AUTH, jobsDirUrl]);
    expect(jobsListing.status, shown(jobsListing)).to.equal(200);
    expect(jobsListing.body.split('\r\n').filter(Boolean)).to.deep.equal([`${service.base}/engine/jobsdir/myjob/`]);
    const viaJobsDir = await curl([...AUTH, `${jobsDirUrl}myjob/crawler-beans.cxml`]);
    expect(viaJobsDir.body, shown(viaJobsDir)).to.equal(text);
    const secret = await curl([...AUTH, `${jobsDirUrl}.beancrawl/service.json`]);
    expect(secret.status, shown(secret)).to.equal(403);
    expect(secret.body).not.to.include(service.token);

    // Writes stay among the job's own files, inside its folder; jobsdir is read only.
    for (const path of ['runs/x/crawl.log', '../other/crawler-beans.cxml', '%2e%2e/%2e%2e/escaped.txt', '.beancrawl.sock', 'state/x']) {
      const w = await curl(['-T', mine, '--path-as-is', ...AUTH, `${job('myjob')}/jobdir/${path}`]);
      expect(w.status, `PUT ${path}${shown(w)}`).to.be.oneOf([400, 403, 404]);
    }
    const readOnly = await curl(['-T', mine, ...AUTH, `${jobsDirUrl}myjob/crawler-beans.cxml`]);
    expect(readOnly.status, shown(readOnly)).to.equal(404);
    const climbing = await curl(['--path-as-is', ...AUTH, `${job('myjob')}/jobdir/../../../../etc/passwd`]);
    expect(climbing.status, shown(climbing)).to.be.oneOf([400, 403, 404]);
    expect(climbing.body).not.to.include('root:');

    // A bean file sent under another of its names replaces the job's: a job keeps one bean file.
    const asXml = await curl(['-T', mine, ...AUTH, `${job('myjob')}/jobdir/crawler-beans.xml`]);
    expect(asXml.status, shown(asXml)).to.equal(201);
    const listed = values(parseXml(await curl([...AUTH, ...XML, engine()]), 'engine'), 'jobs') as Doc[];
    expect(listed[0]).to.include({ primaryConfig: join(jobs(), 'myjob', 'crawler-beans.xml'), primaryConfigUrl: `${job('myjob')}/jobdir/crawler-beans.xml` });

    // A URL under /engine that no route answers challenges with Digest and Basic too, then says 404.
    const bare = await curl(['-k', `${job('myjob')}/nothing`]);
    expect(bare.status, shown(bare)).to.equal(401);
    expect(bare.trace).to.match(/< www-authenticate: Digest /i);
    const missing = await curl([...AUTH, `${job('myjob')}/nothing`]);
    expect(missing.status, shown(missing)).to.equal(404);
  });

  it('builds a job: its errors listed, located, while it is broken; Ready once it is not', async () => {
    await curl(['-d', 'action=create&createpath=myjob', ...AUTH, engine()]);
    // As created, the job holds the profile's placeholders for the contact URL and the seeds.
    const built = await curl(['-d', 'action=build', ...AUTH, ...XML, job('myjob')]);
    expect(built.status, shown(built)).to.equal(200);
    expect(built.trace).to.match(/< HTTP\/1\.1 303/).and.match(/< location: \/engine\/job\/myjob\r?\n/i);
    const broken = parseXml(built, 'job');
    expect(broken.shortName).to.equal('myjob');
    expect(broken.statusDescription).to.equal('Unbuilt');
    expect(values(broken, 'availableActions')).to.deep.equal(['build', 'launch']);
    expect(at(broken, 'lastVerify', 'ok')).to.equal(false);
    const errors = values(broken, 'lastVerify', 'errors') as Doc[];
    expect(errors.map((e) => e.code), shown(built)).to.include.members(['BC_BEAN_INVALID', 'BC_SEED_PLACEHOLDER']);
    for (const e of errors) {
      expect(e.file).to.equal('crawler-beans.cxml');
      expect(e.line).to.be.a('number').greaterThan(0);
      expect(e.column).to.be.a('number').greaterThan(0);
    }
    // And in job.log, where Heritrix's build writes, in Heritrix's form, newest first.
    const tail = values(broken, 'jobLogTail').map(String);
    expect(tail.length, shown(built)).to.be.within(1, 5);
    for (const line of tail) expect(line).to.match(JOB_LOG_LINE);
    expect(tail.some((l) => / SEVERE crawler-beans\.cxml:\d+:\d+: error BC_BEAN_INVALID/.test(l)), shown(built)).to.equal(true);
    // Heritrix's order of the job's first elements.
    expect(Object.keys(broken).slice(0, 6)).to.deep.equal(['shortName', 'statusDescription', 'availableActions', 'launchCount', 'lastLaunch', 'isProfile']);

    // A launch of a broken job starts nothing: 422 with the errors.
    const refused = await curl(['-d', 'action=launch', ...AUTH, ...XML, job('myjob')]);
    expect(refused.status, shown(refused)).to.equal(422);
    const problem = parseXml(refused, 'problem');
    expect(problem['@_xmlns']).to.equal('urn:ietf:rfc:7807');
    expect(values(problem, 'errors').map((e) => at(e, 'code'))).to.include('BC_BEAN_INVALID');
    const json = await curl(['-d', 'action=launch', ...AUTH, '-H', 'Accept: application/json', job('myjob')]);
    expect(json.status, shown(json)).to.equal(422);
    expect(json.trace).to.match(/< content-type: application\/problem\+json/i);
    expect(JSON.parse(json.body).errors.map((e: { code: string }) => e.code)).to.include('BC_BEAN_INVALID');

    // A file that is not XML: the error where it is.
    const file = join(jobs(), 'myjob', 'crawler-beans.cxml');
    const good = await readFile(file, 'utf8');
    await writeFile(file, good.replace('</beans>', '<bean id="x" class="FetchHttp">\n</beans>'));
    const unparsable = parseXml(await curl(['-d', 'action=validate', ...AUTH, ...XML, job('myjob')]), 'job');
    expect(at(unparsable, 'lastVerify', 'level')).to.equal('parse');
    expect(at(values(unparsable, 'lastVerify', 'errors')[0], 'file')).to.equal('crawler-beans.cxml');

    await writeFile(file, good);
    web = await linkedSite(1);
    await createJob('good', [`${web.origin}/`]);
    const ready = parseXml(await curl(['-d', 'action=build', ...AUTH, ...XML, job('good')]), 'job');
    expect(ready.statusDescription).to.equal('Ready');
    expect(ready.hasApplicationContext).to.equal(true);
    expect(values(ready, 'availableActions')).to.deep.equal(['launch', 'teardown']);
    expect(at(ready, 'lastVerify', 'ok')).to.equal(true);
    const torn = parseXml(await curl(['-d', 'action=teardown', ...AUTH, ...XML, job('good')]), 'job');
    expect(torn.statusDescription).to.equal('Unbuilt');
    expect(web.requests).to.have.length(0);
  });

  it('drives a crawl: launch, unpause (nothing to do), pause, unpause, checkpoint, terminate, teardown', async () => {
    // 2,000 pages with a pause of 200 ms between two fetches of the one host: the crawl would last 400 s, far longer than
    // it takes to drive it even on a loaded machine, so that it is still running when it is told to terminate.
    web = await linkedSite(2000);
    await createJob('myjob', [`${web.origin}/`], ['disposition.delayFactor=0', 'disposition.minDelayMs=200', 'disposition.maxDelayMs=200']);
    const build = parseXml(await curl(['-d', 'action=build', ...AUTH, ...XML, job('myjob')]), 'job');
    expect(build.statusDescription, JSON.stringify(build.lastVerify)).to.equal('Ready');

    const launched = await curl(['-d', 'action=launch', ...AUTH, ...XML, job('myjob')]);
    expect(launched.status, shown(launched)).to.equal(200);
    const running = parseXml(launched, 'job');
    expect(running.statusDescription, shown(launched)).to.match(/^Active: (PREPARING|RUNNING)$/);
    expect(running.launchCount).to.equal(1);
    expect(running.isRunning).to.equal(true);
    expect(values(running, 'availableActions')).to.deep.equal(['pause', 'checkpoint', 'terminate', 'teardown']);
    // Heritrix's launch-then-unpause: the crawl runs already; nothing to do.
    const unpaused = await curl(['-d', 'action=unpause', ...AUTH, ...XML, job('myjob')]);
    expect(unpaused.status, shown(unpaused)).to.equal(200);
    expect(parseXml(unpaused, 'job').isRunning).to.equal(true);

    let doc: Doc = running;
    await until(async () => num((doc = await jobDoc('myjob')), 'uriTotalsReport', 'downloadedUriCount') >= 3, 'three URIs ' +
      'downloaded', { timeoutMs: 60_000, everyMs: 200 });
    expect(keys(doc, 'uriTotalsReport')).to.deep.equal(['downloadedUriCount', 'queuedUriCount', 'totalUriCount', 'futureUriCount']);
    expect(num(doc, 'uriTotalsReport', 'totalUriCount')).to.equal(num(doc, 'uriTotalsReport', 'downloadedUriCount') + num(doc, 'uriTotalsReport', 'queuedUriCount'));
    expect(keys(doc, 'rateReport')).to.deep.equal(['currentDocsPerSecond', 'averageDocsPerSecond', 'currentKiBPerSec', 'averageKiBPerSec']);
    expect(num(doc, 'elapsedReport', 'elapsedMilliseconds')).to.be.greaterThan(0);
    expect(num(doc, 'frontierReport', 'totalQueues')).to.be.greaterThan(0);
    expect(num(doc, 'sizeTotalsReport', 'totalCount')).to.be.greaterThan(0);
    expect(values(doc, 'crawlLogTail').some((l) => String(l).includes(web!.origin)), JSON.stringify(doc.crawlLogTail)).to.equal(true);

    // Every element of Heritrix's job model, by name, each as Heritrix fills it.
    expect(Object.keys(doc)).to.include.members(JOB_ELEMENTS);
    expect(keys(doc, 'loadReport')).to.deep.equal(['busyThreads', 'totalThreads', 'congestionRatio', 'averageQueueDepth', 'deepestQueueDepth']);
    expect(num(doc, 'loadReport', 'totalThreads')).to.be.greaterThan(0);
    expect(num(doc, 'loadReport', 'congestionRatio')).to.be.at.least(0);
    expect(num(doc, 'threadReport', 'toeCount')).to.equal(num(doc, 'loadReport', 'totalThreads'));
    expect(values(doc, 'threadReport', 'steps').map(String).every((l) => /^\d+ [A-Z_]+$/.test(l)), JSON.stringify(doc.threadReport)).to.equal(true);
    expect(String(at(doc, 'frontierReport', 'lastReachedState'))).to.be.oneOf(['RUN', 'EMPTY']);
    expect(keys(doc, 'sizeTotalsReport')).to.include.members(['warcNovelContentBytes', 'warcNovelUrls']);
    expect(num(doc, 'sizeTotalsReport', 'warcNovelUrls')).to.equal(num(doc, 'sizeTotalsReport', 'novelCount'));
    const reports = values(doc, 'reports') as Doc[];
    expect(reports.map((r) => r.className)).to.include.members(['CrawlSummaryReport', 'SeedsReport']);
    expect(reports.find((r) => r.className === 'SeedsReport')).to.deep.equal({ className: 'SeedsReport', shortName: 'Seeds' });
    const configFiles = values(doc, 'configFiles') as Doc[];
    for (const f of configFiles) expect(Object.keys(f), JSON.stringify(f)).to.deep.equal(['key', 'name', 'path', 'url', 'editable']);
    const beanFile = configFiles.find((f) => f.key === 'beanFile')!;
    expect(beanFile).to.include({ path: join(jobs(), 'myjob', 'crawler-beans.cxml'), url: `${job('myjob')}/jobdir/crawler-beans.cxml`, editable: true });
    const logsPath = configFiles.find((f) => String(f.key).endsWith('.path') && String(f.path).endsWith('logs'));
    expect(logsPath, JSON.stringify(configFiles)).to.include({ editable: false });
    // The links answer, with Heritrix's credentials.
    expect(doc.crawlLogFileUrl).to.equal(`${job('myjob')}/jobdir/${String(doc.crawlLogFilePath).slice(join(jobs(), 'myjob').length + 1)}`);
    const crawlLog = await curl([...AUTH, String(doc.crawlLogFileUrl)]);
    expect(crawlLog.status, shown(crawlLog)).to.equal(200);
    expect(crawlLog.body).to.include(web.origin);
    expect(crawlLog.trace).to.match(/> Authorization: Digest /);
    const alertLog = await curl([...AUTH, String(doc.alertLogFileUrl)]);
    expect(alertLog.status, shown(alertLog)).to.equal(200);
    const config = await curl([...AUTH, String(doc.primaryConfigUrl)]);
    expect(config.status, shown(config)).to.equal(200);
    expect(config.body).to.equal(await readFile(join(jobs(), 'myjob', 'crawler-beans.cxml'), 'utf8'));
    const logs = await curl([...AUTH, String(logsPath!.url)]);
    expect(logs.status, shown(logs)).to.equal(200);
    expect(logs.body.split('\r\n')).to.include(doc.crawlLogFileUrl);

    const pausing = await curl(['-d', 'action=pause', ...AUTH, ...XML, job('myjob')]);
    expect(parseXml(pausing, 'job').statusDescription, shown(pausing)).to.match(/^Active: PAUS(ING|ED)$/);
    await until(async () => (doc = await jobDoc('myjob')).statusDescription === 'Active: PAUSED', 'the crawl to be PAUSED', { everyMs: 100 });
    expect(doc.crawlControllerState).to.equal('PAUSED');
    expect(at(doc, 'frontierReport', 'lastReachedState')).to.equal('PAUSE');
    expect(values(doc, 'availableActions')).to.deep.equal(['unpause', 'checkpoint', 'terminate', 'teardown']);
    const fetched = web.requests.length;
    const again = await curl(['-d', 'action=pause', ...AUTH, ...XML, job('myjob')]);
    expect(parseXml(again, 'job').statusDescription, shown(again)).to.equal('Active: PAUSED');

    const resumed = await curl(['-d', 'action=unpause', ...AUTH, ...XML, job('myjob')]);
    expect(parseXml(resumed, 'job').statusDescription, shown(resumed)).to.equal('Active: RUNNING');
    await until(() => web!.requests.length > fetched, 'a fetch after unpause', { timeoutMs: 30_000 });

    const checkpointed = await curl(['-d', 'action=checkpoint', ...AUTH, ...XML, job('myjob')]);
    expect(checkpointed.status, shown(checkpointed)).to.equal(200);
    const checkpoints = values(parseXml(checkpointed, 'job'), 'checkpointFiles').map(String);
    expect(checkpoints, shown(checkpointed)).to.have.length(1);
    expect(checkpoints[0]).to.match(/^cp\d{5}-\d{14}$/);

    const terminated = await curl(['-d', 'action=terminate', ...AUTH, ...XML, job('myjob')]);
    expect(parseXml(terminated, 'job').statusDescription, shown(terminated)).to.match(/^(Active: STOPPING|Finished: ABORTED)$/);
    await until(async () => (doc = await jobDoc('myjob')).statusDescription === 'Finished: ABORTED', 'the crawl to finish, ' +
      'ABORTED', { timeoutMs: 60_000, everyMs: 100 });
    expect(doc).to.include({ crawlControllerState: 'FINISHED', crawlExitStatus: 'ABORTED', isRunning: false, isLaunchable: false, hasApplicationContext: true });
    expect(Object.keys(doc)).to.include.members([...JOB_ELEMENTS, 'crawlExitStatus']);
    // Heritrix's finished job: teardown is all it offers; a launch before it is refused.
    expect(values(doc, 'availableActions')).to.deep.equal(['teardown']);
    const relaunch = await curl(['-d', 'action=launch', ...AUTH, ...XML, job('myjob')]);
    expect(relaunch.status, shown(relaunch)).to.equal(409);
    expect(values(parseXml(relaunch, 'problem'), 'availableActions')).to.deep.equal(['teardown']);
    // job.log in Heritrix's form, newest first: the crawl's states as the service saw them, FINISHED last.
    await until(async () => /^\S+Z INFO FINISHED \d+$/.test(String(values(doc = await jobDoc('myjob'), 'jobLogTail')[0])), 'FINISHED in the job ' +
      'log', { timeoutMs: 30_000, everyMs: 200 });
    const jobLog = values(doc, 'jobLogTail').map(String);
    for (const line of jobLog) expect(line, JSON.stringify(jobLog)).to.match(JOB_LOG_LINE);
    expect(jobLog.some((l) => / INFO (RUNNING|PAUSED) \d+$/.test(l)), JSON.stringify(jobLog)).to.equal(true);
    expect(num(doc, 'uriTotalsReport', 'downloadedUriCount')).to.be.greaterThan(3);
    expect(web.requests.length).to.be.lessThan(150);
    // A terminate of a crawl that has ended: nothing to do.
    const late = await curl(['-d', 'action=terminate', ...AUTH, ...XML, job('myjob')]);
    expect(late.status, shown(late)).to.equal(200);

    const torn = await curl(['-d', 'action=teardown', ...AUTH, ...XML, job('myjob')]);
    const down = parseXml(torn, 'job');
    expect(down.statusDescription, shown(torn)).to.equal('Unbuilt');
    expect(down.hasApplicationContext).to.equal(false);
    expect(values(down, 'availableActions')).to.deep.equal(['build', 'launch']);
    expect(down.uriTotalsReport).to.equal('');
    expect(String(values(down, 'jobLogTail')[0])).to.match(/Z INFO Job instance discarded$/);
    expect(down.launchCount).to.equal(1);
    expect(values(down, 'checkpointFiles')).to.deep.equal(checkpoints);
    const listed = values(parseXml(await curl([...AUTH, ...XML, engine()]), 'engine'), 'jobs') as Doc[];
    expect(listed[0]).to.include({ shortName: 'myjob', statusDescription: 'Unbuilt', launchCount: 1 });
  });
});
