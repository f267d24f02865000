/**
 * The ceiling for this machine: undici requests plus htmlparser2 `<a href>` extraction with a
 * Set of seen URLs and no other state. Usage: node bare-loop.js START_URL [concurrency] [urlsFile]
 * Prints `PAGES <n>` at the end; with urlsFile, also writes `status<TAB>content-type<TAB>url`
 * there for every URL fetched (kept in memory until the end, so that the loop is not slowed).
 */
import { writeFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { Agent } from 'undici';

const start = process.argv[2];
const concurrency = Number(process.argv[3] ?? 1);
const urlsFile = process.argv[4];
const fetched: string[] | undefined = urlsFile ? [] : undefined;
const origin = new URL(start).origin;
const agent = new Agent({ connections: concurrency, keepAliveTimeout: 60_000 });
const seen = new Set<string>([start]);
const queue: string[] = [start];
let pages = 0;

function links(html: string, base: string): string[] {
  const out: string[] = [];
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'a' && attrs.href) {
        try {
          const u = new URL(attrs.href, base);
          u.hash = '';
          if (u.origin === origin) out.push(u.href);
        } catch {
          // not a URL
        }
      }
    },
  }, { decodeEntities: true });
  parser.end(html);
  return out;
}

async function worker(): Promise<void> {
  for (let url = queue.shift(); url; url = queue.shift()) {
    const res = await agent.request({ origin, path: url.slice(origin.length), method: 'GET' });
    const body = await res.body.text();
    pages++;
    fetched?.push(`${res.statusCode}\t${res.headers['content-type'] ?? ''}\t${url}`);
    if (res.statusCode === 200 && String(res.headers['content-type']).includes('html')) {
      for (const l of links(body, url)) if (!seen.has(l)) {
        seen.add(l);
        queue.push(l);
      }
    }
  }
}

const active: Promise<void>[] = [];
for (;;) {
  while (active.length < concurrency && queue.length) {
    const p: Promise<void> = worker().then(() => void active.splice(active.indexOf(p), 1));
    active.push(p);
  }
  if (!active.length) break;
  await Promise.race(active);
}
await agent.close();
if (urlsFile && fetched) writeFileSync(urlsFile, fetched.length ? `${fetched.join('\n')}\n` : '');
process.stdout.write(`PAGES ${pages}\n`);
