import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KEY_DIRECTORY_FILE } from '../job/make-signing-keys.js';

/** The members of a public JWK that may be published; anything else (a private key's `d`, `p`, `q`…) never is. */
const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'alg', 'use', 'nbf', 'exp'];

/**
 * The key directory the service publishes: the public keys of every job's `keys/` directory
 * (what `beancrawl keys JOB` writes) under the jobs folder, as one JWKS, each key once (by `kid`),
 * reduced to its public members. Undefined when no job has one. A directory that cannot be read
 * is passed over.
 */
export async function publishedKeyDirectory(jobsDir: string): Promise<string | undefined> {
  // No jobs folder (yet): no job, no key.
  const names = await readdir(jobsDir, { withFileTypes: true }).then((es) => es.filter((e) => e.isDirectory()).map((e) => e.name).sort(), () => []);
  const keys = new Map<string, Record<string, unknown>>();
  for (const name of names) {
    // A job without keys (or whose directory cannot be read) publishes none; nothing else depends on it.
    const text = await readFile(join(jobsDir, name, KEY_DIRECTORY_FILE), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: not a key directory, so nothing of it is published.
      continue;
    }
    const listed = (parsed as { keys?: unknown }).keys;
    for (const jwk of Array.isArray(listed) ? listed : []) {
      if (jwk === null || typeof jwk !== 'object' || typeof (jwk as { kid?: unknown }).kid !== 'string') continue;
      const shown = Object.fromEntries(PUBLIC_MEMBERS.filter((m) => m in jwk).map((m) => [m, (jwk as Record<string, unknown>)[m]]));
      if (!keys.has(shown.kid as string)) keys.set(shown.kid as string, shown);
    }
  }
  return keys.size === 0 ? undefined : `${JSON.stringify({ keys: [...keys.values()] }, null, 2)}\n`;
}
