import { expect } from 'chai';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument } from '../../model/receiver.js';
import { DirectoryMirrorReceiver, type DirectoryMirrorReceiverConfig } from './directory-mirror-receiver.js';
import { fileBesideFolder, mirrorPath, type MirrorPathOptions } from './mirror-path.js';

const OPTIONS = { directoryFile: 'index.html', createHostDirectory: true, createPortDirectory: false, maxSegLength: 255, caseInsensitiveNames: false } satisfies MirrorPathOptions;

function event(url: string, kind: DocumentEvent['kind']): DocumentEvent {
  return { kind, url, status: kind === 'deleted' ? 404 : 304, fetchTime: Date.now() };
}

/** The id of a process that has ended (one of this machine's, as a crashed crawl's would be). */
async function pidOfEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

function doc(url: string, body = `content of ${url}`): CrawledDocument {
  const content = Buffer.from(body);
  return {
    url, mimeType: 'text/html', contentType: 'text/html', size: content.length, content, status: 200,
    fetchTime: new Date(), hopsPath: 'L', isSeed: false, outlinks: [],
  };
}

describe('mirrorPath()', () => {
  it('lays a URL out as origin/path: the port when not the scheme\'s default, index.html for a path ending in /, the query after a #', () => {
    expect(mirrorPath('http://Site.test:8080/', OPTIONS)).to.deep.equal(['http_site.test_8080', 'index.html']);
    expect(mirrorPath('http://site.test:80/docs/', OPTIONS)).to.deep.equal(['http_site.test', 'docs', 'index.html']);
    expect(mirrorPath('https://site.test/docs/a%20b.html', OPTIONS)).to.deep.equal(['https_site.test', 'docs', 'a%20b.html']);
    expect(mirrorPath('https://site.test:443/a', OPTIONS)).to.deep.equal(['https_site.test', 'a']);
    expect(mirrorPath('https://site.test:80/a', OPTIONS)).to.deep.equal(['https_site.test_80', 'a']);
    expect(mirrorPath('http://site.test/list?page=2&sort=a', OPTIONS)).to.deep.equal(['http_site.test', 'list#page=2&sort=a']);
    expect(mirrorPath('http://site.test/?q', OPTIONS)).to.deep.equal(['http_site.test', 'index.html#q']);
    expect(mirrorPath('http://[::1]:81/a', OPTIONS)).to.deep.equal(['http_[%3A%3A1]_81', 'a']);
    expect(mirrorPath('http://[::1]:81/a', { ...OPTIONS, createPortDirectory: true })).to.deep.equal(['http_[%3A%3A1]', '81', 'a']);
    expect(mirrorPath('https://site.test/a', { ...OPTIONS, createHostDirectory: false, createPortDirectory: true })).to.deep.equal(['443', 'a']);
  });

  it('gives every origin a folder of its own, valid on every file system', () => {
    const origins = ['http://a.test/', 'https://a.test/', 'http://a.test:8080/', 'https://a.test:8080/', 'http://a_8080.test/', 'http://a_8080/', 'http://a:8080/', 'http://a_/']
      .map((u) => mirrorPath(u, OPTIONS)![0]);
    expect(origins).to.deep.equal(['http_a.test', 'https_a.test', 'http_a.test_8080', 'https_a.test_8080', 'http_a%5F8080.test', 'http_a%5F8080', 'http_a_8080', 'http_a%5F']);
    for (const o of origins) expect(o).not.to.match(/[\\/:*?"<>|]/);
  });

  it('gives a name it had to change its hash, so that two URLs never share a file', () => {
    const name = (url: string, options: Partial<MirrorPathOptions> = {}) => mirrorPath(url, { ...OPTIONS, ...options })!.slice(1).join('/');
    const hashed = /^(.*)\{[0-9a-f]{8}\}(.*)$/;
    // a character some file system refuses, written %XX; a literal %3A stays as it is
    expect(name('http://h.test/a:b.html')).to.match(hashed).and.to.match(/^a%3Ab\{[0-9a-f]{8}\}\.html$/);
    expect(name('http://h.test/a%3Ab.html')).to.equal('a%3Ab.html');
    expect(name('http://h.test/a?x=http://b/c')).to.match(/^a#x=http%3A%2F%2Fb%2Fc\{[0-9a-f]{8}\}$/);
    expect(name('http://h.test/a?x=http%3A%2F%2Fb%2Fc')).to.equal('a#x=http%3A%2F%2Fb%2Fc');
    // a query, a bare ?, and none
    expect(new Set([name('http://h.test/a'), name('http://h.test/a?'), name('http://h.test/a?x'), name('http://h.test/a#x')]).size).to.equal(3);
    // a literal directoryFile, beside the one for /
    expect(name('http://h.test/d/')).to.equal('d/index.html');
    expect(name('http://h.test/d/index.html')).to.match(/^d\/index\{[0-9a-f]{8}\}\.html$/);
    expect(name('http://h.test/d/?x')).not.to.equal(name('http://h.test/d/index.html?x'));
    // an empty segment, and a segment that is only what an empty one would look like
    expect(name('http://h.test/a//b')).to.match(/^a\/\{[0-9a-f]{8}\}\/b$/, 'a//b').and.not.equal(name('http://h.test/a/_/b'));
    // an ending dot (Windows drops it), a device name
    expect(name('http://h.test/v1./x')).to.match(/^v1%2E\{[0-9a-f]{8}\}\/x$/);
    expect(name('http://h.test/con.txt')).to.match(/^con\{[0-9a-f]{8}\}\.txt$/);
  });

  it('folds no two names to one when told the file system ignores case', () => {
    const fold = (url: string) => mirrorPath(url, { ...OPTIONS, caseInsensitiveNames: true })!.slice(1).join('/');
    const names = ['http://h.test/about.html', 'http://h.test/About.html', 'http://h.test/ABOUT.html', 'http://h.test/Docs/a', 'http://h.test/docs/a', 'http://h.test/INDEX.HTML']
      .map(fold);
    expect(names[0]).to.equal('about.html');
    expect(names[1]).to.match(/^About\{[0-9a-f]{8}\}\.html$/);
    expect(new Set(names.map((n) => n.toLowerCase())).size).to.equal(names.length);
    expect(mirrorPath('http://h.test/About.html', OPTIONS)![1]).to.equal('About.html');
  });

  it('never climbs out of the mirror, and keeps long names apart', () => {
    expect(mirrorPath('http://site.test/a/%2E%2E/%2e%2e/../b', OPTIONS)).to.deep.equal(['http_site.test', 'b']);
    const long = (c: string) => mirrorPath(`http://site.test/${'x'.repeat(300)}${c}.html`, { ...OPTIONS, maxSegLength: 40 })![1];
    expect(long('1')).to.have.length(40).and.match(/\}\.html$/);
    expect(long('1')).not.to.equal(long('2'));
    expect(mirrorPath('ftp://site.test/a', OPTIONS)).to.equal(undefined);
  });

  it('names a file beside a folder of its name so that no URL has that name', () => {
    expect(fileBesideFolder('a', 255)).to.equal('a{file}');
    expect(fileBesideFolder('x'.repeat(20), 16)).to.equal(`${'x'.repeat(10)}{file}`);
  });
});

describe(DirectoryMirrorReceiver.name, () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-mirror-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function mirror(docs: CrawledDocument[], over: Partial<DirectoryMirrorReceiverConfig> = {}): Promise<DirectoryMirrorReceiver> {
    const r = new DirectoryMirrorReceiver({ path: join(dir, 'mirror'), maxTotalBytes: 0, ...OPTIONS, ...over });
    await r.start();
    for (const d of docs) await r.documentFound(d);
    return r;
  }

  const read = (...p: string[]) => readFile(join(dir, 'mirror', ...p), 'utf8');

  it('writes each document\'s content at its path, through a folder beside the mirror that it removes at the end', async () => {
    const r = await mirror([doc('http://site.test/'), doc('http://site.test/docs/a.html'), doc('http://other.test/x?y=1')]);
    expect(await read('http_site.test', 'index.html')).to.equal('content of http://site.test/');
    expect(await read('http_site.test', 'docs', 'a.html')).to.equal('content of http://site.test/docs/a.html');
    expect(await read('http_other.test', 'x#y=1')).to.equal('content of http://other.test/x?y=1');
    const [own] = await readdir(join(dir, 'mirror.partial'));
    expect(await readdir(join(dir, 'mirror.partial', own)), 'nothing left in this process\'s staging folder').to.deep.equal([]);
    await r.stop();
    expect(await readdir(dir)).to.deep.equal(['mirror']);
  });

  it('keeps a file beside a folder of its name, whichever comes first, and /a/ apart from /a', async () => {
    await mirror([doc('http://site.test/a'), doc('http://site.test/a/b'), doc('http://site.test/c/d'), doc('http://site.test/c'), doc('http://site.test/a/')]);
    expect((await readdir(join(dir, 'mirror', 'http_site.test'))).sort()).to.deep.equal(['a', 'a{file}', 'c', 'c{file}']);
    expect((await readdir(join(dir, 'mirror', 'http_site.test', 'a'))).sort()).to.deep.equal(['b', 'index.html']);
    expect(await read('http_site.test', 'a{file}')).to.equal('content of http://site.test/a');
    expect(await read('http_site.test', 'a', 'index.html')).to.equal('content of http://site.test/a/');
    expect(await read('http_site.test', 'c{file}')).to.equal('content of http://site.test/c');
    expect(await read('http_site.test', 'c', 'd')).to.equal('content of http://site.test/c/d');
  });

  it('replaces a longer file whole with a shorter one, and removes what a crashed process left beside the mirror, not what a live one stages', async () => {
    const partial = join(dir, 'mirror.partial');
    const gone = await pidOfEndedProcess();
    const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_');
    const crashed = join(partial, `${host}-${gone}`);
    const live = join(partial, `${host}-${process.ppid}`);
    const elsewhere = join(partial, `another-machine-${gone}`);
    for (const folder of [crashed, live, elsewhere]) await mkdir(folder, { recursive: true });
    for (const file of [join(partial, '123-0'), join(crashed, '0'), join(live, '0'), join(elsewhere, '0')]) await writeFile(file, 'half a file');
    const r = await mirror([doc('http://site.test/s.css', 'x'.repeat(145)), doc('http://site.test/s.css', 'short')]);
    expect(await read('http_site.test', 's.css')).to.equal('short');
    expect((await readdir(partial)).sort(), 'only a live process\'s folder, another machine\'s and this one\'s').to.deep.equal(
      [`${host}-${process.pid}`, `${host}-${process.ppid}`, `another-machine-${gone}`].sort());
    await r.stop();
    expect((await readdir(partial)).sort(), 'this process\'s folder removed at the end, the others kept').to.deep.equal(
      [`${host}-${process.ppid}`, `another-machine-${gone}`].sort());
    expect(await readFile(join(live, '0'), 'utf8')).to.equal('half a file');
  });

  it('leaves one whole file when two writes of one name race (origins in one tree)', async () => {
    const r = await mirror([], { createHostDirectory: false });
    const long = 'L'.repeat(1_000_000);
    await Promise.all([r.documentFound(doc('http://h.test:8001/style.css', long)), r.documentFound(doc('http://h.test:8002/style.css', 'short'))]);
    expect([long, 'short']).to.include(await read('style.css'));
  });

  it('writes the same path of two origins written at once into two folders, each whole', async () => {
    const r = await mirror([]);
    const long = 'L'.repeat(100_000);
    await Promise.all([r.documentFound(doc('http://h.test:8001/style.css', long)), r.documentFound(doc('http://h.test:8002/style.css', 'short'))]);
    expect(await read('http_h.test_8001', 'style.css')).to.equal(long);
    expect(await read('http_h.test_8002', 'style.css')).to.equal('short');
  });

  it('places files on its staging\'s thread once it is up, and meets there too a folder of a file\'s name and a folder removed from under it', async () => {
    const r = await mirror([doc('http://site.test/gone/x')]);
    // One at a time, as a crawl's documents come: the thread is begun after the first files and answers once it is up.
    for (let i = 0; r.placedOnThread === 0; i++) await r.documentFound(doc(`http://site.test/f${i}`));
    await r.documentFound(doc('http://site.test/a/b'));
    await r.documentFound(doc('http://site.test/a'));
    await rm(join(dir, 'mirror', 'http_site.test', 'gone'), { recursive: true });
    await r.documentFound(doc('http://site.test/gone/y'));
    const placed = r.placedOnThread;
    await r.documentFound(doc('http://site.test/f0', 'again'));
    expect(r.placedOnThread, 'a file placed by the thread').to.be.greaterThan(placed);
    expect(await read('http_site.test', 'a{file}')).to.equal('content of http://site.test/a');
    expect(await read('http_site.test', 'a', 'b')).to.equal('content of http://site.test/a/b');
    expect(await read('http_site.test', 'gone', 'y')).to.equal('content of http://site.test/gone/y');
    expect(await read('http_site.test', 'f0')).to.equal('again');
    const [own] = await readdir(join(dir, 'mirror.partial'));
    expect(await readdir(join(dir, 'mirror.partial', own)), 'nothing left in this process\'s staging folder').to.deep.equal([]);
    await r.stop();
  });

  it('overwrites a document fetched again, and stops storing once maxTotalBytes is reached', async () => {
    const r = await mirror([doc('http://site.test/a', 'old'), doc('http://site.test/a', 'new'), doc('http://site.test/b', '12345')], { maxTotalBytes: 8 });
    expect(await read('http_site.test', 'a')).to.equal('new');
    expect(await readdir(join(dir, 'mirror', 'http_site.test'))).to.deep.equal(['a']);
    expect(r.bytes).to.equal(6);
  });

  describe('in a delta run', () => {
    const exists = (...p: string[]) => stat(join(dir, 'mirror', ...p)).then(() => true, () => false);

    it('writes new documents and overwrites changed ones', async () => {
      const r = await mirror([]);
      await r.documentNew(doc('http://site.test/a', 'first'));
      await r.documentChanged(doc('http://site.test/a', 'second'));
      await r.documentNew(doc('http://site.test/b/'));
      expect(await read('http_site.test', 'a')).to.equal('second');
      expect(await read('http_site.test', 'b', 'index.html')).to.equal('content of http://site.test/b/');
      expect(r.documents).to.equal(3);
    });

    it('leaves an unchanged document\'s copy as it is, and writes it only when missing and its content came', async () => {
      const r = await mirror([doc('http://site.test/a', 'stored')]);
      await r.documentUnchanged(event('http://site.test/a', 'unchanged'), doc('http://site.test/a', 'fetched again'));
      await r.documentUnchanged(event('http://site.test/a', 'unchanged'));
      expect(await read('http_site.test', 'a')).to.equal('stored');
      await r.documentUnchanged(event('http://site.test/304', 'unchanged'));
      expect(await exists('http_site.test', '304')).to.equal(false);
      await r.documentUnchanged({ ...event('http://site.test/lost', 'unchanged'), status: 200 }, doc('http://site.test/lost'));
      expect(await read('http_site.test', 'lost')).to.equal('content of http://site.test/lost');
      // a copy moved beside a folder of its name is there too
      await r.documentNew(doc('http://site.test/a/b'));
      await r.documentUnchanged(event('http://site.test/a', 'unchanged'), doc('http://site.test/a', 'fetched again'));
      expect(await read('http_site.test', 'a{file}')).to.equal('stored');
      expect(r.documents).to.equal(3);
    });

    it('removes a deleted document\'s copy and the folders left empty, up to the mirror\'s folder', async () => {
      const r = await mirror([doc('http://site.test/x/y/z.html'), doc('http://site.test/x/keep.html'), doc('http://other.test/only/one')]);
      await r.documentDeleted(event('http://site.test/x/y/z.html', 'deleted'));
      expect(await exists('http_site.test', 'x', 'y')).to.equal(false);
      expect(await readdir(join(dir, 'mirror', 'http_site.test', 'x'))).to.deep.equal(['keep.html']);
      await r.documentDeleted(event('http://other.test/only/one', 'deleted'));
      expect(await readdir(join(dir, 'mirror'))).to.deep.equal(['http_site.test']);
      await r.documentDeleted(event('http://site.test/x/keep.html', 'deleted'));
      expect(await readdir(join(dir, 'mirror'))).to.deep.equal([]);
      expect(r.deleted).to.equal(3);
    });

    it('removes a copy kept beside a folder, keeps the folder\'s other files, and ignores copies it does not have', async () => {
      const r = await mirror([doc('http://site.test/a'), doc('http://site.test/a/b')]);
      await r.documentDeleted(event('http://site.test/a', 'deleted'));
      expect((await readdir(join(dir, 'mirror', 'http_site.test'))).sort()).to.deep.equal(['a']);
      await r.documentDeleted(event('http://site.test/never', 'deleted'));
      await r.documentDeleted(event('http://site.test/a', 'deleted'));
      await r.documentDeleted(event('ftp://site.test/a/b', 'deleted'));
      await r.documentDeleted(event('http://site.test/a/%2E%2E/%2E%2E/..', 'deleted'));
      expect(await read('http_site.test', 'a', 'b')).to.equal('content of http://site.test/a/b');
      expect(r.deleted).to.equal(1);
    });

    it('gives a file kept beside a folder its own name back once that folder is gone', async () => {
      const r = await mirror([doc('http://site.test/a'), doc('http://site.test/a/b')]);
      await r.documentDeleted(event('http://site.test/a/b', 'deleted'));
      expect(await readdir(join(dir, 'mirror', 'http_site.test'))).to.deep.equal(['a']);
      expect(await read('http_site.test', 'a')).to.equal('content of http://site.test/a');
      await r.documentDeleted(event('http://site.test/a', 'deleted'));
      expect(await readdir(join(dir, 'mirror'))).to.deep.equal([]);
    });

    it('never removes anything outside its folder, nor the folder itself, nor a folder holding other files', async () => {
      await mkdir(join(dir, 'mirror', 'http_site.test'), { recursive: true });
      await writeFile(join(dir, 'mirror', 'http_site.test', 'user-note.txt'), 'mine');
      await writeFile(join(dir, 'outside'), 'outside');
      const r = await mirror([doc('http://site.test/p')]);
      await r.documentDeleted(event('http://site.test/p', 'deleted'));
      expect(await readdir(join(dir, 'mirror', 'http_site.test'))).to.deep.equal(['user-note.txt']);
      const bare = await mirror([doc('http://h.test/')], { createHostDirectory: false, path: join(dir, 'bare') });
      await bare.documentDeleted(event('http://h.test/', 'deleted'));
      expect(await readdir(join(dir, 'bare'))).to.deep.equal([]);
      expect(await readFile(join(dir, 'outside'), 'utf8')).to.equal('outside');
    });
  });
});
