import { expect } from 'chai';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrawledDocument } from '../../model/receiver.js';
import { DirectoryMirrorReceiver, type DirectoryMirrorReceiverConfig } from './directory-mirror-receiver.js';
import { mirrorPath, type MirrorPathOptions } from './mirror-path.js';

const OPTIONS: MirrorPathOptions = { directoryFile: 'index.html', createHostDirectory: true, createPortDirectory: false, maxSegLength: 255 };

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
});
