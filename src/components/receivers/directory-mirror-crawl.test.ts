import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { crawlJob, fastSets } from '../../../test/support/crawl-job.js';
import { page, SiteServer, type Route } from '../../../test/support/site-server.js';
import { mirrorPath } from './mirror-path.js';

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(relative(dir, join(e.parentPath, e.name)));
  }
  return out.sort();
}

// (`/About.html` and `/about.html` would be one URI to the crawl: Heritrix's canonicalization, LowercaseRule, makes them one.)
const LINKS = ['/style.css', '/docs/', '/docs/index.html', '/a', '/a/b.html', '/About.html', '/list?page=1', '/list?page=2', '/a:b'];

/** One of two sites on the same paths, each body its own; `css` its stylesheet. Its home page links to the other site too. */
function site(name: string, css: string): Record<string, Route> {
  const routes: Record<string, Route> = { '/style.css': { body: css, headers: { 'content-type': 'text/css' } } };
  for (const link of LINKS.slice(1)) routes[link] = { body: page(`${name} ${link}`) };
  return routes;
}

describe('the site-mirror profile\'s mirror of two sites on one host (integration)', function () {
  this.timeout(60000);
  let first: SiteServer;
  let second: SiteServer;

  before(async () => {
    // The first's stylesheet is the longer: written over in place, the second's would keep its tail.
    first = await SiteServer.start(site('first', 'body { font-family: sans-serif; max-width: 40em; margin: 2em auto; }\nh1 { padding-left: 2em; }\n'));
    second = await SiteServer.start(site('second', 'body { font-family: serif; }\n'));
    first.routes.set('/', { body: page('first home', [...LINKS, `${second.origin}/`]) });
    second.routes.set('/', { body: page('second home', [...LINKS, `${first.origin}/`]) });
  });
  after(async () => Promise.all([first.close(), second.close()]));

  it('keeps each site\'s files in a folder of its own, every one byte for byte as served, none lost to a name another URL has', async () => {
    const expected = new Map<string, string | Buffer>();
    for (const s of [first, second]) {
      for (const [path, route] of s.routes) {
        const file = mirrorPath(`${s.origin}${path}`, { directoryFile: 'index.html', createHostDirectory: true, createPortDirectory: false, maxSegLength: 255 })!;
        expected.set(join(...file), (route as { body: string }).body);
      }
    }
    // A file where a folder of its name stands (/a beside /a/b.html) is kept beside it.
    for (const [file, body] of [...expected]) {
      if ([...expected.keys()].some((f) => f.startsWith(`${file}/`))) {
        expected.delete(file);
        expected.set(`${file}{file}`, body);
      }
    }
    let mirrored: string[] = [];
    const bodies = new Map<string, Buffer>();
    const result = await crawlJob(fastSets([`${first.origin}/`, `${second.origin}/`]), {
      profile: 'site-mirror.xml',
      inspect: async (runDir) => {
        const mirror = join(runDir, '..', '..', 'mirror');
        mirrored = await filesUnder(mirror);
        for (const f of mirrored) bodies.set(f, await readFile(join(mirror, f)));
        expect(await readdir(join(mirror, '..')), 'nothing left beside the mirror').not.to.include('mirror.partial');
      },
    });
    expect(result.exitStatus).to.equal('FINISHED');
    expect(mirrored).to.deep.equal([...expected.keys()].sort());
    for (const [file, body] of expected) expect(bodies.get(file)!.toString('utf8'), file).to.equal(body);
    // The names the layout gives them, spelt out for the first site.
    const top = `http_127.0.0.1_${first.port}`;
    expect(mirrored.filter((f) => f.startsWith(`${top}/`)).map((f) => f.slice(top.length + 1).replace(/\{[0-9a-f]{8}\}/, '{…}'))).to.have.members([
      'index.html', 'style.css', 'docs/index.html', 'docs/index{…}.html', 'a{file}', 'a/b.html', 'About.html',
      'list#page=1', 'list#page=2', 'a%3Ab{…}',
    ]);
  });
});
