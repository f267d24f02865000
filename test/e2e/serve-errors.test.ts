import { expect } from 'chai';
import { symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rawRequest } from '../support/raw-request.js';
import { ServeProcess } from '../support/serve-process.js';
import { tempDir } from '../support/temp-dir.js';

/** An answer is a problem document (RFC 9457) that says nothing of where the service keeps its files. */
function expectProblem(what: string, status: number | readonly number[], answer: { status: number; contentType?: string; body: string },
  paths: readonly string[]) {
  const why = `${what}: ${answer.status} ${answer.contentType} ${answer.body.slice(0, 400)}`;
  expect([status].flat(), why).to.include(answer.status);
  expect(answer.contentType, why).to.match(/^application\/problem\+json/);
  const doc = JSON.parse(answer.body) as { status: number; title: string };
  expect(doc.status, why).to.equal(answer.status);
  expect(doc.title, why).to.be.a('string');
  for (const path of paths) expect(answer.body, `${why}: names the server path ${path}`).not.to.contain(path);
  expect(answer.body, why).not.to.match(/\b(realpath|lstat|open|scandir) '\//);
}

describe('beancrawl serve: every error answer is a problem document naming no server path (the real service, port 0)', function () {
  this.timeout(120_000);

  it('answers a dangling link, a 300-byte name, a 20 kB URL, 40 kB of headers and a malformed percent-encoding with problem+json', async () => {
    const work = await tempDir();
    const jobs = join(work.dir, 'jobs');
    const serve = await ServeProcess.start(jobs);
    const paths = [work.dir, tmpdir()];
    try {
      const created = await serve.api('POST', '/api/v1/jobs', { name: 'a', profile: 'default', seeds: ['http://127.0.0.1:9/'],
        contact: 'https://example.org/c' });
      expect(created.status, created.text + serve.output()).to.equal(201);
      await symlink(join(work.dir, 'nowhere', 'gone.txt'), join(jobs, 'a', 'dangle.txt'));
      const api = async (what: string, status: number | number[], method: string, path: string, body?: string) => {
        const a = await serve.api(method, path, body, body === undefined ? {} : { 'content-type': 'text/plain' });
        expectProblem(what, status, { status: a.status, contentType: a.headers.get('content-type') ?? undefined, body: a.text }, paths);
      };
      const long = 'x'.repeat(300);
      // 404 (the link leads nowhere) or 403 (a link to no file is refused as such): either way located in words, not by path.
      await api('GET a job file that is a dangling link', [403, 404], 'GET', '/api/v1/jobs/a/files/dangle.txt');
      await api('PUT over a job file that is a dangling link', [403, 404], 'PUT', '/api/v1/jobs/a/files/dangle.txt', 'x');
      await api('GET Heritrix\'s jobdir file that is a dangling link', [403, 404], 'GET', '/engine/job/a/jobdir/dangle.txt');
      await api('GET a 300-byte file name', 414, 'GET', `/api/v1/jobs/a/files/${long}`);
      await api('PUT a 300-byte file name', 414, 'PUT', `/api/v1/jobs/a/files/${long}`, 'x');
      await api('GET a 300-byte name in Heritrix\'s jobdir', 414, 'GET', `/engine/job/a/jobdir/${long}`);
      await api('GET a job name of 300 bytes', 400, 'GET', `/api/v1/jobs/${long}`);
      await api('GET a job name of 5,000 bytes (over the router\'s longest segment)', 414, 'GET', `/api/v1/jobs/${'y'.repeat(5000)}`);
      // A job name of 120 characters is a job name: the router does not refuse it as too long.
      const name = 'n'.repeat(120);
      const longName = await serve.api('POST', '/api/v1/jobs', { name, profile: 'default', seeds: ['http://127.0.0.1:9/'], contact: 'https://example.org/c' });
      expect(longName.status, longName.text).to.equal(201);
      expect((await serve.api('GET', `/api/v1/jobs/${name}`)).status).to.equal(200);

      const auth = `authorization: Bearer ${serve.token}\r\nhost: 127.0.0.1:${new URL(serve.base).port}\r\n`;
      const port = Number(new URL(serve.base).port);
      const raw = async (what: string, status: number | number[], head: string) => {
        const a = await rawRequest(port, head);
        expectProblem(what, status, { status: a.status, contentType: a.headers['content-type'], body: a.body }, paths);
      };
      // Node's parser counts the request line with the headers (16 KiB in all): a 20 kB URL is refused before any route.
      await raw('a 20 kB URL', [414, 431], `GET /api/v1/jobs/a/files/${'z'.repeat(20_000)} HTTP/1.1\r\n${auth}\r\n`);
      await raw('40 kB of headers', 431, `GET /api/v1/jobs HTTP/1.1\r\n${auth}x-big: ${'b'.repeat(40_000)}\r\n\r\n`);
      await raw('a malformed percent-encoding', 400, `GET /api/v1/jobs/%zz HTTP/1.1\r\n${auth}\r\n`);
      await raw('a malformed percent-encoding in a file path', 400, `GET /api/v1/jobs/a/files/%E0%A4%A HTTP/1.1\r\n${auth}\r\n`);
      await raw('bytes that are not HTTP', 400, 'NOT HTTP AT ALL\r\n\r\n');
      // The service still answers after all that.
      expect((await serve.api('GET', '/api/v1/jobs/a')).status, serve.output()).to.equal(200);
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });
});
