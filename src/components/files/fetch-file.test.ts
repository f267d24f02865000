import { expect } from 'chai';
import { once } from 'node:events';
import { chmod, mkdir, mkdtemp, realpath, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CrawlUri } from '../../model/crawl-uri.js';
import type { SeedModule } from '../../model/seed-module.js';
import { contentTypeOf } from '../../util/content-type-of.js';
import { FetchFile, fileErrorStatus, filePathOf, type FetchFileConfig } from './fetch-file.js';
import { fetchFileComponent } from './fetch-file.js';
import { fileDigest } from './file-digest.js';

const url = (path: string, folder = false) => pathToFileURL(path).href + (folder ? '/' : '');

describe(FetchFile.name, () => {
  let root: string;
  let outside: string;

  before(async () => {
    const base = await realpath(await mkdtemp(join(tmpdir(), 'beancrawl-fetchfile-')));
    root = join(base, 'root');
    outside = join(base, 'outside');
    await mkdir(join(root, 'sub', 'deeper'), { recursive: true });
    await mkdir(join(root, '.hidden-folder'));
    await mkdir(outside);
    await writeFile(join(root, 'a.txt'), 'hello');
    await writeFile(join(root, 'Page One.HTML'), '<p>one</p>');
    await writeFile(join(root, '.secret'), 'hidden');
    await writeFile(join(root, 'sub', '100% #1?.pdf'), Buffer.alloc(3000, 1));
    await writeFile(join(outside, 'escaped.txt'), 'outside');
    await utimes(join(root, 'a.txt'), new Date('2020-01-02T03:04:05Z'), new Date('2020-01-02T03:04:05Z'));
    await symlink(join(root, 'sub'), join(root, 'to-sub'));
    await symlink(join(outside, 'escaped.txt'), join(root, 'to-outside.txt'));
    await symlink(outside, join(root, 'outside-folder'));
    await symlink(root, join(root, 'sub', 'up'));
    await symlink(join(root, 'nothing-there'), join(root, 'broken'));
  });

  after(async () => {
    await rm(join(root, '..'), { recursive: true, force: true });
  });

  async function fetcher(over: Partial<FetchFileConfig> = {}, seeds = [url(root, true)]): Promise<FetchFile> {
    const defaults = Object.fromEntries(Object.entries(fetchFileComponent.props).map(([k, spec]) => [k, spec.default]));
    const seedModule = { loadSeeds: async () => ({ seeds: seeds.map((u, i) => ({ url: u, line: i + 1 })), directives: [] }), onSeedAdded: () => {}, addSeed: () => {} } as SeedModule;
    const f = new FetchFile({ ...defaults, seeds: seedModule, ...over } as FetchFileConfig);
    await f.start();
    return f;
  }

  async function fetch(uri: string, over: Partial<FetchFileConfig> = {}): Promise<CrawlUri> {
    const curi = new CrawlUri(uri);
    await (await fetcher(over)).process(curi);
    return curi;
  }

  it('lists a folder: its entries as L outlinks sorted by name, sub-folders ending in "/", hidden ones left out', async () => {
    const curi = await fetch(url(root, true));
    expect(curi.fetchStatus).to.equal(200);
    expect(curi.outlinks.map((l) => [l.uri.slice(url(root).length), l.hop, l.context])).to.deep.equal([
      ['/Page%20One.HTML', 'L', '=NAVLINK_MISC'], ['/a.txt', 'L', '=NAVLINK_MISC'], ['/broken', 'L', '=NAVLINK_MISC'],
      ['/outside-folder/', 'L', '=NAVLINK_MISC'], ['/sub/', 'L', '=NAVLINK_MISC'], ['/to-outside.txt', 'L', '=NAVLINK_MISC'], ['/to-sub/', 'L', '=NAVLINK_MISC'],
    ]);
    expect(curi.content!.toString()).to.equal('Page One.HTML\na.txt\nbroken\noutside-folder/\nsub/\nto-outside.txt\nto-sub/\n');
    expect([curi.contentType, curi.contentSize, curi.contentDigest]).to.deep.equal(['inode/directory', curi.content!.length, fileDigest('sha1', curi.content!)]);
    expect(curi.extraInfo.lastModified).to.match(/^\d{4}-\d\d-\d\dT/);
  });

  it('lists hidden entries with crawlHiddenFiles, and reads a folder URI without its trailing slash', async () => {
    const curi = await fetch(url(root), { crawlHiddenFiles: true });
    expect(curi.outlinks.map((l) => l.uri.slice(url(root).length)).slice(0, 2)).to.deep.equal(['/.hidden-folder/', '/.secret']);
  });

  it('reads a file: bytes, size, modification time, a type from the extension, the digest', async () => {
    const curi = await fetch(url(join(root, 'a.txt')));
    expect([curi.fetchStatus, curi.content!.toString(), curi.contentType, curi.contentSize]).to.deep.equal([200, 'hello', 'text/plain', 5]);
    expect(curi.contentDigest).to.equal(fileDigest('sha1', Buffer.from('hello')));
    expect(curi.extraInfo).to.deep.include({ fileSize: 5, lastModified: '2020-01-02T03:04:05.000Z' });
    expect(curi.outlinks).to.deep.equal([]);
    expect((await fetch(url(join(root, 'Page One.HTML')))).contentType).to.equal('text/html');
  });

  it('reads names that need escaping in a URI, and cuts a file at maxLengthBytes (lenTrunc)', async () => {
    const sub = await fetch(url(join(root, 'sub'), true));
    const pdf = sub.outlinks.find((l) => l.uri.endsWith('.pdf'))!.uri;
    expect(filePathOf(pdf)).to.equal(join(root, 'sub', '100% #1?.pdf'));
    const cut = await fetch(pdf, { maxLengthBytes: 1000 });
    expect([cut.fetchStatus, cut.contentSize, cut.contentType, cut.extraInfo.fileSize, cut.annotations]).to.deep.equal([200, 1000, 'application/pdf', 3000, ['lenTrunc']]);
    expect((await fetch(pdf, { maxLengthBytes: 0 })).contentSize).to.equal(3000);
  });

  it('answers 404 for what does not exist (a broken link too), -7 for another machine\'s file', async () => {
    expect((await fetch(url(join(root, 'missing.txt')))).fetchStatus).to.equal(404);
    expect((await fetch(url(join(root, 'a.txt', 'x')))).fetchStatus).to.equal(404);
    expect((await fetch(url(join(root, 'broken')))).fetchStatus).to.equal(404);
    expect((await fetch('file://fileserver/share/x.txt')).fetchStatus).to.equal(-7);
  });

  it('answers 403 for what cannot be read, or is no regular file (a socket)', async () => {
    expect([fileErrorStatus('EACCES'), fileErrorStatus('EPERM'), fileErrorStatus('ENOENT'), fileErrorStatus('EIO')]).to.deep.equal([403, 403, 404, -5]);
    const server = createServer().listen(join(root, 'sock'));
    await once(server, 'listening');
    try {
      const sock = await fetch(url(join(root, 'sock')));
      expect([sock.fetchStatus, sock.annotations]).to.deep.equal([403, ['notRegularFile']]);
      expect((await fetch(url(root, true))).outlinks.map((l) => l.uri)).to.not.include(url(join(root, 'sock')));
    } finally {
      server.close();
    }
    if (process.getuid?.() === 0) return; // root reads whatever the permissions say
    await writeFile(join(root, 'locked.txt'), 'x');
    await chmod(join(root, 'locked.txt'), 0);
    expect((await fetch(url(join(root, 'locked.txt')))).fetchStatus).to.equal(403);
  });

  it('follows a symbolic link that stays within the seeds, not one that leads outside (-5002 symlinkNotFollowed:outside)', async () => {
    expect((await fetch(url(join(root, 'to-sub'), true))).outlinks.map((l) => l.uri)).to.include(url(join(root, 'to-sub', 'deeper'), true));
    for (const link of [url(join(root, 'to-outside.txt')), url(join(root, 'outside-folder'), true)]) {
      const curi = await fetch(link);
      expect([curi.fetchStatus, curi.annotations, curi.content], link).to.deep.equal([-5002, ['symlinkNotFollowed:outside'], undefined]);
    }
  });

  it('follows links wherever they lead with followSymlinks, but never a loop back into its own path', async () => {
    expect((await fetch(url(join(root, 'to-outside.txt')), { followSymlinks: true })).content!.toString()).to.equal('outside');
    expect((await fetch(url(join(root, 'outside-folder'), true), { followSymlinks: true })).fetchStatus).to.equal(200);
    for (const followSymlinks of [false, true]) {
      const loop = await fetch(url(join(root, 'sub', 'up'), true), { followSymlinks });
      expect([loop.fetchStatus, loop.annotations]).to.deep.equal([-5002, ['symlinkNotFollowed:loop']]);
    }
  });

  it('fetches a seed whatever it is, and passes other schemes on untouched', async () => {
    const f = await fetcher({}, [url(join(root, 'to-outside.txt'))]);
    const seed = new CrawlUri(url(join(root, 'to-outside.txt')), { isSeed: true });
    await f.process(seed);
    expect(seed.fetchStatus).to.equal(200);
    const http = new CrawlUri('http://example.org/');
    expect(await f.process(http)).to.equal('PROCEED');
    expect(http.fetchStatus).to.equal(0);
  });

  it('guesses types by extension, whatever the case', () => {
    expect(['a.PDF', 'b.docx', 'c.tar.gz', 'README', 'x.unknownext'].map(contentTypeOf)).to.deep.equal([
      'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/gzip', 'application/octet-stream', 'application/octet-stream',
    ]);
  });
});
