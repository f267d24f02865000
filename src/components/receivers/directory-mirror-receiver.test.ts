import { expect } from 'chai';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { CrawledDocument } from '../../model/receiver.js';
import { DirectoryMirrorReceiver, type DirectoryMirrorReceiverConfig } from './directory-mirror-receiver.js';
import { mirrorPath, type MirrorPathOptions } from './mirror-path.js';

const OPTIONS: MirrorPathOptions = { directoryFile: 'index.html', createHostDirectory: true, createPortDirectory: false, maxSegLength: 255 };

function event(url: string, kind: DocumentEvent['kind']): DocumentEvent {
  return { kind, url, status: kind === 'deleted' ? 404 : 304, fetchTime: Date.now() };
}

function doc(url: string, body = `content of ${url}`): CrawledDocument {
  const content = Buffer.from(body);
  return {
    url, mimeType: 'text/html', contentType: 'text/html', size: content.length, content, status: 200,
    fetchTime: new Date(), hopsPath: 'L', isSeed: false, outlinks: [],
  };
}

describe('mirrorPath()', () => {
  it('lays a URL out as host/path, index.html for a path ending in /, the query kept in the name', () => {
    expect(mirrorPath('http://Site.test:8080/', OPTIONS)).to.deep.equal(['site.test', 'index.html']);
    expect(mirrorPath('http://site.test/docs/', OPTIONS)).to.deep.equal(['site.test', 'docs', 'index.html']);
    expect(mirrorPath('https://site.test/docs/a%20b.html', OPTIONS)).to.deep.equal(['site.test', 'docs', 'a%20b.html']);
    expect(mirrorPath('http://site.test/list?page=2&sort=a/b', OPTIONS)).to.deep.equal(['site.test', 'list?page=2&sort=a%2Fb']);
    expect(mirrorPath('http://site.test/?q', OPTIONS)).to.deep.equal(['site.test', 'index.html?q']);
    expect(mirrorPath('http://[::1]:81/a', { ...OPTIONS, createPortDirectory: true })).to.deep.equal(['___1_', '81', 'a']);
    expect(mirrorPath('https://site.test/a', { ...OPTIONS, createHostDirectory: false, createPortDirectory: true })).to.deep.equal(['443', 'a']);
  });

  it('never climbs out of the mirror, and keeps long names apart', () => {
    expect(mirrorPath('http://site.test/a/%2E%2E/%2e%2e/../b', OPTIONS)).to.deep.equal(['site.test', 'b']);
    const long = (c: string) => mirrorPath(`http://site.test/${'x'.repeat(300)}${c}`, { ...OPTIONS, maxSegLength: 40 })![1];
    expect(long('1')).to.have.length(40);
    expect(long('1')).not.to.equal(long('2'));
    expect(mirrorPath('ftp://site.test/a', OPTIONS)).to.equal(undefined);
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

  it('writes each document\'s content at its path', async () => {
    await mirror([doc('http://site.test/'), doc('http://site.test/docs/a.html'), doc('http://other.test/x?y=1')]);
    expect(await read('site.test', 'index.html')).to.equal('content of http://site.test/');
    expect(await read('site.test', 'docs', 'a.html')).to.equal('content of http://site.test/docs/a.html');
    expect(await read('other.test', 'x?y=1')).to.equal('content of http://other.test/x?y=1');
  });

  it('moves a file standing where a folder is needed into it as index.html, and writes into a folder standing at a file\'s path', async () => {
    await mirror([doc('http://site.test/a'), doc('http://site.test/a/b'), doc('http://site.test/c/d'), doc('http://site.test/c')]);
    expect((await readdir(join(dir, 'mirror', 'site.test', 'a'))).sort()).to.deep.equal(['b', 'index.html']);
    expect(await read('site.test', 'a', 'index.html')).to.equal('content of http://site.test/a');
    expect(await read('site.test', 'c', 'index.html')).to.equal('content of http://site.test/c');
    expect(await read('site.test', 'c', 'd')).to.equal('content of http://site.test/c/d');
  });

  it('overwrites a document fetched again, and stops storing once maxTotalBytes is reached', async () => {
    const r = await mirror([doc('http://site.test/a', 'old'), doc('http://site.test/a', 'new'), doc('http://site.test/b', '12345')], { maxTotalBytes: 8 });
    expect(await read('site.test', 'a')).to.equal('new');
    expect(await readdir(join(dir, 'mirror', 'site.test'))).to.deep.equal(['a']);
    expect(r.bytes).to.equal(6);
  });

  describe('in a delta run', () => {
    const exists = (...p: string[]) => stat(join(dir, 'mirror', ...p)).then(() => true, () => false);

    it('writes new documents and overwrites changed ones', async () => {
      const r = await mirror([]);
      await r.documentNew(doc('http://site.test/a', 'first'));
      await r.documentChanged(doc('http://site.test/a', 'second'));
      await r.documentNew(doc('http://site.test/b/'));
      expect(await read('site.test', 'a')).to.equal('second');
      expect(await read('site.test', 'b', 'index.html')).to.equal('content of http://site.test/b/');
      expect(r.documents).to.equal(3);
    });

    it('leaves an unchanged document\'s copy as it is, and writes it only when missing and its content came', async () => {
      const r = await mirror([doc('http://site.test/a', 'stored')]);
      await r.documentUnchanged(event('http://site.test/a', 'unchanged'), doc('http://site.test/a', 'fetched again'));
      await r.documentUnchanged(event('http://site.test/a', 'unchanged'));
      expect(await read('site.test', 'a')).to.equal('stored');
      await r.documentUnchanged(event('http://site.test/304', 'unchanged'));
      expect(await exists('site.test', '304')).to.equal(false);
      await r.documentUnchanged({ ...event('http://site.test/lost', 'unchanged'), status: 200 }, doc('http://site.test/lost'));
      expect(await read('site.test', 'lost')).to.equal('content of http://site.test/lost');
      // a copy moved into a folder as its directoryFile is there too
      await r.documentNew(doc('http://site.test/a/b'));
      await r.documentUnchanged(event('http://site.test/a', 'unchanged'), doc('http://site.test/a', 'fetched again'));
      expect(await read('site.test', 'a', 'index.html')).to.equal('stored');
      expect(r.documents).to.equal(3);
    });

    it('removes a deleted document\'s copy and the folders left empty, up to the mirror\'s folder', async () => {
      const r = await mirror([doc('http://site.test/x/y/z.html'), doc('http://site.test/x/keep.html'), doc('http://other.test/only/one')]);
      await r.documentDeleted(event('http://site.test/x/y/z.html', 'deleted'));
      expect(await exists('site.test', 'x', 'y')).to.equal(false);
      expect(await readdir(join(dir, 'mirror', 'site.test', 'x'))).to.deep.equal(['keep.html']);
      await r.documentDeleted(event('http://other.test/only/one', 'deleted'));
      expect(await readdir(join(dir, 'mirror'))).to.deep.equal(['site.test']);
      await r.documentDeleted(event('http://site.test/x/keep.html', 'deleted'));
      expect(await readdir(join(dir, 'mirror'))).to.deep.equal([]);
      expect(r.deleted).to.equal(3);
    });

    it('removes a copy standing as a folder\'s directoryFile, keeps the folder\'s other files, and ignores copies it does not have', async () => {
      const r = await mirror([doc('http://site.test/a'), doc('http://site.test/a/b')]);
      await r.documentDeleted(event('http://site.test/a', 'deleted'));
      expect(await readdir(join(dir, 'mirror', 'site.test', 'a'))).to.deep.equal(['b']);
      await r.documentDeleted(event('http://site.test/never', 'deleted'));
      await r.documentDeleted(event('http://site.test/a', 'deleted'));
      await r.documentDeleted(event('ftp://site.test/a/b', 'deleted'));
      await r.documentDeleted(event('http://site.test/a/%2E%2E/%2E%2E/..', 'deleted'));
      expect(await read('site.test', 'a', 'b')).to.equal('content of http://site.test/a/b');
      expect(r.deleted).to.equal(1);
    });

    it('never removes anything outside its folder, nor the folder itself, nor a folder holding other files', async () => {
      await mkdir(join(dir, 'mirror', 'site.test'), { recursive: true });
      await writeFile(join(dir, 'mirror', 'site.test', 'user-note.txt'), 'mine');
      await writeFile(join(dir, 'outside'), 'outside');
      const r = await mirror([doc('http://site.test/p')]);
      await r.documentDeleted(event('http://site.test/p', 'deleted'));
      expect(await readdir(join(dir, 'mirror', 'site.test'))).to.deep.equal(['user-note.txt']);
      const bare = await mirror([doc('http://h.test/')], { createHostDirectory: false, path: join(dir, 'bare') });
      await bare.documentDeleted(event('http://h.test/', 'deleted'));
      expect(await readdir(join(dir, 'bare'))).to.deep.equal([]);
      expect(await readFile(join(dir, 'outside'), 'utf8')).to.equal('outside');
    });
  });
});
