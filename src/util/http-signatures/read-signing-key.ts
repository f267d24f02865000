import { createPrivateKey } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { ErrorCode } from '../error-codes.js';
import { WebBotAuthSigner } from './web-bot-auth-signer.js';

export type SigningKeyRead = { readonly signer: WebBotAuthSigner } | { readonly code: ErrorCode; readonly problem: string; readonly missing?: boolean };

/**
 * The Ed25519 private key (PKCS #8 PEM, as `beancrawl keys` writes it) of a file, as a signer; or
 * why it cannot be used: missing or unreadable (BC_FILE_READ), readable by the group or others
 * (BC_KEY_EXPOSED: a key others can read is no proof of who sends a request), or not such a key.
 */
export async function readSigningKey(path: string, shown = path): Promise<SigningKeyRead> {
  let text: string;
  try {
    const info = await stat(path);
    if (!info.isFile()) return { code: 'BC_FILE_READ', problem: `the signing key ${shown} is not a file` };
    if ((info.mode & 0o077) !== 0 && process.platform !== 'win32') {
      const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
      return { code: 'BC_KEY_EXPOSED', problem: `the signing key ${shown} can be read by others (mode ${mode}); chmod 600 it` };
    }
    text = await readFile(path, 'utf8');
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    const problem = missing ? `there is no signing key at ${shown}` : `cannot read the signing key ${shown}: ${(e as Error).message}`;
    return { code: 'BC_FILE_READ', problem, missing };
  }
  try {
    return { signer: new WebBotAuthSigner(createPrivateKey(text)) };
  } catch (e) {
    return { code: 'BC_BEAN_INVALID', problem: `${shown} holds no Ed25519 private key (${(e as Error).message}); \`beancrawl keys\` makes one` };
  }
}
