import { generateKeyPairSync } from 'node:crypto';
import { lstat, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { keyDirectoryOf } from '../util/http-signatures/key-directory.js';
import { WebBotAuthSigner } from '../util/http-signatures/web-bot-auth-signer.js';

/** The files `beancrawl keys` writes, under FOLDER/keys/ (FetchHttp's signingKeyFile default names the first, from the job folder). */
export const SIGNING_KEY_FILE = 'keys/web-bot-auth.pem';
export const KEY_DIRECTORY_FILE = 'keys/http-message-signatures-directory';

export type SigningKeysMade =
  | { readonly keyFile: string; readonly directoryFile: string; readonly keyid: string }
  | { readonly exists: string };

/**
 * A new Ed25519 key pair for Web Bot Auth under `folder`/keys/: the private key as PKCS #8 PEM,
 * readable by its owner only, and the key directory (a JWKS of the public key, its thumbprint as
 * `kid`) to publish at /.well-known/http-message-signatures-directory. Nothing is overwritten: when
 * either file exists, nothing is written and the existing one is named.
 */
export async function makeSigningKeys(folder: string): Promise<SigningKeysMade> {
  const keyFile = join(folder, SIGNING_KEY_FILE);
  const directoryFile = join(folder, KEY_DIRECTORY_FILE);
  for (const path of [keyFile, directoryFile]) {
    if (await lstat(path).then(() => true, (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? false : Promise.reject(e)))) return { exists: path };
  }
  await mkdir(join(folder, 'keys'), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer = new WebBotAuthSigner(privateKey);
  // 'wx': a file made meanwhile is not overwritten either.
  await writeFile(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { flag: 'wx', mode: 0o600 });
  await writeFile(directoryFile, keyDirectoryOf([signer.publicJwk]), { flag: 'wx', mode: 0o644 });
  return { keyFile, directoryFile, keyid: signer.keyid };
}
