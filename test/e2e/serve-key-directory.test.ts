import { expect } from 'chai';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.js';
import { ServeProcess } from '../support/serve-process.js';
import { tempDir } from '../support/temp-dir.js';

const PATH = '/.well-known/http-message-signatures-directory';

describe('beancrawl serve publishes the jobs\' key directory (e2e)', function () {
  this.timeout(60_000);

  it('answers the public keys of every job\'s keys/ folder, without a token, with the drafts\' media type; 404 while no job has keys', async () => {
    const work = await tempDir();
    const jobs = join(work.dir, 'jobs');
    await mkdir(jobs);
    const serve = await ServeProcess.start(jobs);
    try {
      const none = await serve.api('GET', PATH, undefined, { authorization: null });
      expect(none.status, none.text + serve.output()).to.equal(404);

      const made = await runCli(['keys', join(jobs, 'signed')]);
      expect(made.code, made.stderr).to.equal(0);
      const keyid = /key id \(JWK thumbprint\): (\S+)/.exec(made.stdout)![1];
      // A directory someone filled with a private key: its private member is never published.
      await mkdir(join(jobs, 'careless', 'keys'), { recursive: true });
      await writeFile(join(jobs, 'careless', 'keys', 'http-message-signatures-directory'),
        JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'AAAA', d: 'SECRET', kid: 'careless' }] }));

      const r = await serve.api('GET', PATH, undefined, { authorization: null });
      expect(r.status, r.text + serve.output()).to.equal(200);
      expect(r.headers.get('content-type')).to.match(/^application\/http-message-signatures-directory\+json/);
      expect(r.text).to.not.contain('SECRET');
      const published = (r.json as { keys: Record<string, unknown>[] }).keys;
      expect(published.map((k) => k.kid)).to.deep.equal(['careless', keyid]);
      const own = JSON.parse(await readFile(join(jobs, 'signed', 'keys', 'http-message-signatures-directory'), 'utf8')).keys[0];
      expect(published[1]).to.deep.equal(own);
    } finally {
      await serve.stop();
      await work.cleanup();
    }
  });
});
