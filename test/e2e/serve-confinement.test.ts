import { expect } from 'chai';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from '../support/run-cli.js';
import { type ApiAnswer, ServeProcess } from '../support/serve-process.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

const CONTACT = 'https://example.org/contact';
const FAST = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0'];
/** A secret in the service's environment that no bean file may reveal, and a variable the operator lets bean files read. */
const SECRET = 'S3CRET-pg-password-4711';
const ALLOWED = 'allowed-value-0815';
const ENV = { BEANCRAWL_TEST_SECRET: SECRET, BEANCRAWL_TEST_ALLOWED: ALLOWED };

interface Problem { code: string; file?: string; line?: number; bean?: string; property?: string; message: string }

/** The problems of a verify report (a PUT's `verify`, a draft's answer). */
const errorsOf = (a: ApiAnswer): Problem[] => (a.json.verify ?? a.json).errors as Problem[];

/** The line (1-based) of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('beancrawl serve: a job confined to its folder (the real service)', function () {
  this.timeout(180_000);

  it('refuses, located, every path out of the job a bean names; the same file verifies from the CLI, with --data-dir and with --trust-bean-files', async () => {
    const work = await tempDir();
    const outside = join(work.dir, 'outside');
    await mkdir(outside);
    const serve = await ServeProcess.start(join(work.dir, 'jobs'), [], ENV);
    const trusted = await ServeProcess.start(join(work.dir, 'trusted-jobs'), ['--trust-bean-files'], ENV);
    const data = await ServeProcess.start(join(work.dir, 'data-jobs'), ['--data-dir', outside], ENV);
    try {
      for (const s of [serve, trusted, data]) {
        const created = await s.api('POST', '/api/v1/jobs', { name: 'x', profile: 'default', seeds: ['http://127.0.0.1:9/'], contact: CONTACT });
        expect(created.status, created.text + s.output()).to.equal(201);
      }
      const file = await serve.api('GET', '/api/v1/jobs/x/files/crawler-beans.xml');
      const good = file.text;
      const escapes: Array<{ what: string; from: string; to: string; bean: string; property: string }> = [
        { what: 'WARC storePaths', from: '<!-- <property name="storePaths"><list><value>warcs</value></list></property> -->',
          to: `<property name="storePaths"><list><value>${outside}/warcs</value></list></property>`, bean: 'warcWriter', property: 'storePaths' },
        { what: 'WARC storePaths climbing', from: '<!-- <property name="storePaths"><list><value>warcs</value></list></property> -->',
          to: '<property name="storePaths"><list><value>../../../outside</value></list></property>', bean: 'warcWriter', property: 'storePaths' },
        { what: 'StatisticsTracker.reportsDir (served by the reports route)', from: '<!-- <property name="reportsDir" value="${launchId}/reports"/> -->',
          to: '<property name="reportsDir" value="/etc"/>', bean: 'statisticsTracker', property: 'reportsDir' },
        { what: 'a receiver\'s path', from: '<!-- <property name="path" value="${launchId}/documents.jsonl"/> -->',
          to: `<property name="path" value="${outside}/documents.jsonl"/>`, bean: 'receivers', property: 'path' },
      ];
      for (const e of escapes) {
        expect(good, e.what).to.contain(e.from);
        const bad = good.replace(e.from, e.to);
        const line = lineOf(bad, e.to);
        const saved = await serve.api('PUT', '/api/v1/jobs/x/files/crawler-beans.xml', bad);
        expect(saved.status, saved.text).to.equal(200);
        expect(saved.json.verify.ok, `${e.what}: ${saved.text}`).to.equal(false);
        const [problem, ...more] = errorsOf(saved);
        expect(more, saved.text).to.deep.equal([]);
        const located = [problem.code, problem.file, problem.line, problem.property];
        expect(located, `${e.what}: ${saved.text}`).to.deep.equal(['BC_CONFINED', 'crawler-beans.xml', line, e.property]);
        expect(problem.bean, saved.text).to.contain(e.bean);
        const launch = await serve.api('POST', '/api/v1/jobs/x/actions/launch', { set: FAST });
        expect(launch.status, launch.text).to.equal(422);
        expect(launch.headers.get('content-type')).to.match(/^application\/problem\+json/);
        expect(launch.json.errors.map((p: Problem) => p.code)).to.deep.equal(['BC_CONFINED']);
        // Under --trust-bean-files, and with the folder named by --data-dir (where it lies there), the same file verifies.
        for (const s of e.to.includes(outside) ? [trusted, data] : [trusted]) {
          const there = await s.api('PUT', '/api/v1/jobs/x/files/crawler-beans.xml', bad);
          expect(there.json.verify.ok, `${e.what}, ${s === trusted ? '--trust-bean-files' : '--data-dir'}: ${there.text}`).to.equal(true);
        }
        // The command line keeps its freedom.
        const cli = await runCli(['verify', join(work.dir, 'jobs', 'x')]);
        expect(cli.code, `${e.what}: ${cli.stdout}${cli.stderr}`).to.equal(0);
      }
      // A --set at launch is confined as the file is.
      await serve.api('PUT', '/api/v1/jobs/x/files/crawler-beans.xml', good);
      const set = await serve.api('POST', '/api/v1/jobs/x/actions/launch', { set: [...FAST, `warcWriter.directory=${outside}`] });
      expect(set.status, set.text).to.equal(422);
      expect(set.json.errors.map((p: Problem) => [p.code, p.property])).to.deep.equal([['BC_CONFINED', 'directory']]);
    } finally {
      await Promise.all([serve.stop(), trusted.stop(), data.stop()]);
      await work.cleanup();
    }
  });

  it('imports only from the job and the profiles, reads only the variables named with --allow-env, and never echoes their values', async () => {
    const work = await tempDir();
    const serve = await ServeProcess.start(join(work.dir, 'jobs'), ['--allow-env', 'BEANCRAWL_TEST_ALLOWED'], ENV);
    try {
      for (const name of ['x', 'other']) {
        const created = await serve.api('POST', '/api/v1/jobs', { name, profile: 'default', seeds: ['http://127.0.0.1:9/'], contact: CONTACT });
        expect(created.status, created.text + serve.output()).to.equal(201);
      }
      const good = (await serve.api('GET', '/api/v1/jobs/x/files/crawler-beans.xml')).text;
      const withImport = (resource: string) => good.replace(/(<beans[^>]*>)/, `$1\n <import resource="${resource}"/>`);
      const cases: Array<{ resource: string; code: string }> = [
        { resource: '/x/${BEANCRAWL_TEST_SECRET}.xml', code: 'BC_PLACEHOLDER' },
        { resource: '/tmp/${BEANCRAWL_TEST_ALLOWED}.xml', code: 'BC_CONFINED' },
        { resource: '${BEANCRAWL_TEST_ALLOWED}.xml', code: 'BC_FILE_READ' },
        { resource: '../other/crawler-beans.xml', code: 'BC_CONFINED' },
        { resource: '/etc/passwd', code: 'BC_CONFINED' },
      ];
      for (const c of cases) {
        const draft = withImport(c.resource);
        const answer = await serve.api('POST', '/api/v1/jobs/x/verify', { files: { 'crawler-beans.xml': draft } });
        expect(answer.status, answer.text).to.equal(200);
        expect(answer.json.ok, `${c.resource}: ${answer.text}`).to.equal(false);
        const line = lineOf(draft, '<import resource=');
        expect(errorsOf(answer).map((p) => [p.code, p.file, p.line]), `${c.resource}: ${answer.text}`).to.deep.equal([[c.code, 'crawler-beans.xml', line]]);
        expect(answer.text, 'the environment\'s values are not echoed').not.to.contain(SECRET).and.not.to.contain(ALLOWED);
        const saved = await serve.api('PUT', '/api/v1/jobs/x/files/crawler-beans.xml', draft);
        expect(saved.text).not.to.contain(SECRET).and.not.to.contain(ALLOWED);
      }
      // A variable not named is none the bean file can read, even with a default: the default is what it gets.
      const defaulted = good.replace('<!-- <property name="prefix" value="WEB"/> -->', '<property name="prefix" value="${BEANCRAWL_TEST_SECRET:none}"/>');
      const form = await serve.api('PUT', '/api/v1/jobs/x/files/crawler-beans.xml', defaulted);
      expect(form.json.verify.ok, form.text).to.equal(true);
      const beans = await serve.api('GET', '/api/v1/jobs/x/config');
      expect(beans.status, beans.text).to.equal(200);
      expect(beans.text).not.to.contain(SECRET);
      expect(beans.text).to.contain('"none"');
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });

  it('crawls file: URIs only under --allow-file-root: a seed elsewhere is refused at verify, a link out is not followed', async () => {
    const work = await tempDir();
    const docs = join(work.dir, 'docs');
    const outside = join(work.dir, 'outside');
    await mkdir(docs);
    await mkdir(outside);
    await writeFile(join(docs, 'a.txt'), 'a document');
    await writeFile(join(outside, 'secret.txt'), 'TOP-SECRET-CONTENT');
    await symlink(join(outside, 'secret.txt'), join(docs, 'leak.txt'));
    const serve = await ServeProcess.start(join(work.dir, 'jobs'), ['--allow-file-root', docs], ENV);
    try {
      const refused = await serve.api('POST', '/api/v1/jobs', { name: 'etc', profile: 'file-system', seeds: ['file:///etc/'], contact: CONTACT });
      expect(refused.status, refused.text + serve.output()).to.equal(201);
      const verified = await serve.api('POST', '/api/v1/jobs/etc/verify', {});
      expect(verified.json.ok, verified.text).to.equal(false);
      const problems = verified.json.errors.map((p: Problem) => [p.code, p.file, p.property]);
      expect(problems, verified.text).to.deep.equal([['BC_CONFINED', 'crawler-beans.xml', 'textSource']]);
      expect((await serve.api('POST', '/api/v1/jobs/etc/actions/launch', {})).status).to.equal(422);

      // Under the root: crawled, but a link that leads out of it is not followed, even with followSymlinks on.
      const seed = `${pathToFileURL(docs).href}/`;
      const created = await serve.api('POST', '/api/v1/jobs', { name: 'docs', profile: 'file-system', seeds: [seed], contact: CONTACT });
      expect(created.status, created.text).to.equal(201);
      const launched = await serve.api('POST', '/api/v1/jobs/docs/actions/launch', { set: ['fetchFile.followSymlinks=true'] });
      expect(launched.status, launched.text + serve.output()).to.equal(202);
      const ended = async () => ['FINISHED', 'FAILED'].includes((await serve.api('GET', '/api/v1/jobs/docs')).json.state);
      await until(ended, 'the crawl to end', { timeoutMs: 120_000 });
      const job = (await serve.api('GET', '/api/v1/jobs/docs')).json;
      expect(job.state, JSON.stringify(job) + serve.output()).to.equal('FINISHED');
      const runDir = join(work.dir, 'jobs', 'docs', job.lastRun.run);
      const crawlLog = await readFile(join(runDir, 'logs', 'crawl.log'), 'utf8');
      expect(crawlLog).to.match(/leak\.txt.*outsideFileRoots/);
      expect(crawlLog).to.contain('a.txt');
      const documents = await readFile(join(runDir, 'documents.jsonl'), 'utf8');
      expect(documents).not.to.contain('TOP-SECRET-CONTENT');
      expect(documents).not.to.contain('secret.txt');
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });

  it('writes a job file through no link planted where its temporary file would go', async () => {
    const work = await tempDir();
    const outside = join(work.dir, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'target'), 'untouched');
    const serve = await ServeProcess.start(join(work.dir, 'jobs'));
    try {
      const created = await serve.api('POST', '/api/v1/jobs', { name: 'x', profile: 'default', seeds: ['http://127.0.0.1:9/'], contact: CONTACT });
      expect(created.status, created.text + serve.output()).to.equal(201);
      const jobDir = join(work.dir, 'jobs', 'x');
      for (const name of [`crawler-beans.xml.${serve.child.pid}.tmp`, 'crawler-beans.xml.tmp', `seeds.txt.${serve.child.pid}.tmp`]) {
        await symlink(join(outside, 'target'), join(jobDir, name));
      }
      const good = (await serve.api('GET', '/api/v1/jobs/x/files/crawler-beans.xml')).text;
      const saved = await serve.api('PUT', '/api/v1/jobs/x/files/crawler-beans.xml', `${good}\n<!-- edited -->\n`);
      expect(saved.status, saved.text).to.equal(200);
      const made = await serve.api('PUT', '/api/v1/jobs/x/files/seeds.txt', 'http://127.0.0.1:9/\n');
      expect(made.status, made.text).to.equal(201);
      expect(await readFile(join(outside, 'target'), 'utf8')).to.equal('untouched');
      expect(await readFile(join(jobDir, 'crawler-beans.xml'), 'utf8')).to.contain('<!-- edited -->');
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });
});
