import { expect } from 'chai';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('beancrawl keys (e2e)', function () {
  this.timeout(30_000);

  it('writes an owner-only Ed25519 key and its directory, never printing the key; a second run overwrites nothing', async () => {
    const folder = await tempDir();
    try {
      const r = await runCli(['keys', folder.dir]);
      expect(r.code, r.stderr).to.equal(0);
      const keyFile = join(folder.dir, 'keys', 'web-bot-auth.pem');
      const pem = await readFile(keyFile, 'utf8');
      const key = createPrivateKey(pem);
      expect(key.asymmetricKeyType).to.equal('ed25519');
      expect((await stat(keyFile)).mode & 0o777).to.equal(0o600);
      // Neither the PEM nor the private JWK's d appears in what was printed.
      const d = String(key.export({ format: 'jwk' }).d);
      expect(r.stdout + r.stderr).to.not.contain(pem.split('\n')[1]).and.not.contain(d);

      const directory = JSON.parse(await readFile(join(folder.dir, 'keys', 'http-message-signatures-directory'), 'utf8'));
      expect(directory.keys).to.have.length(1);
      const [jwk] = directory.keys;
      expect(jwk).to.not.have.property('d');
      expect(createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'der', type: 'spki' }))
        .to.deep.equal(createPublicKey(key).export({ format: 'der', type: 'spki' }));
      expect(r.stdout).to.contain(`key id (JWK thumbprint): ${jwk.kid}`).and.contain('application/http-message-signatures-directory+json');

      const again = await runCli(['keys', folder.dir]);
      expect(again.code).to.equal(1);
      expect(again.stderr).to.contain(`${keyFile} exists: keys are never overwritten`);
      expect(again.stderr).to.not.contain('    at ');
      expect(await readFile(keyFile, 'utf8')).to.equal(pem);
    } finally {
      await folder.cleanup();
    }
  });

  it('a missing operand is a usage error (exit 2)', async () => {
    const r = await runCli(['keys']);
    expect(r.code).to.equal(2);
    expect(r.stderr).to.contain('keys needs a job or a folder');
  });
});
