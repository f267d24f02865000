import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../../test/support/temp-dir.js';
import { heritrixMirrorFile, type HeritrixMirrorOptions } from './mirror-path.js';

/** MirrorWriterProcessor's defaults. */
const HERITRIX: HeritrixMirrorOptions = {
  directoryFile: 'index.html', createHostDirectory: true, createPortDirectory: false, maxSegLength: 255, maxPathLength: 1023,
  suffixAtEnd: true, tooLongDirectory: 'LONG', caseSensitiveFilesystem: true, characterMap: new Map(), dotBegin: '%2E',
  dotEnd: undefined, hostMap: new Map(), contentTypeMap: [], underscoreSet: new Set(),
};

describe('heritrixMirrorFile (MirrorWriterProcessor\'s layout)', () => {
  let folder: { dir: string; cleanup(): Promise<void> };
  beforeEach(async () => (folder = await tempDir()));
  afterEach(async () => folder.cleanup());

  const fileOf = async (url: string, options: Partial<HeritrixMirrorOptions> = {}, contentType = 'text/html') => {
    const file = await heritrixMirrorFile(folder.dir, url, contentType, { ...HERITRIX, ...options });
    return file === undefined ? undefined : file.slice(folder.dir.length + 1);
  };

  it('lays out host, path and name; no port folder for a URL that names none; other schemes have no file', async () => {
    expect(await fileOf('http://WWW.Example.org/a/b.html')).to.equal('http_www.example.org/a/b.html');
    expect(await fileOf('https://example.org:8443/', { createPortDirectory: true })).to.equal('https_example.org/8443/index.html');
    expect(await fileOf('http://example.org/', { createPortDirectory: true })).to.equal('http_example.org/index.html');
    expect(await fileOf('http://example.org/a', { createHostDirectory: false })).to.equal('a');
    expect(await fileOf('ftp://example.org/a')).to.equal(undefined);
  });

  it('keeps one folder for each origin, the port in its name unless the scheme\'s default (Heritrix leaves it out)', async () => {
    expect(await fileOf('http://127.0.0.1:8080/style.css')).to.equal('http_127.0.0.1_8080/style.css');
    expect(await fileOf('http://127.0.0.1:8081/style.css')).to.equal('http_127.0.0.1_8081/style.css');
    expect(await fileOf('https://example.org:443/a')).to.equal('https_example.org/a');
    expect(await fileOf('http://12.34.56.78:81/a', { hostMap: new Map([['12.34.56.78', 'www42.foo.com']]) })).to.equal('http_www42.foo.com_81/a');
  });

  it('puts the query before the suffix without suffixAtEnd', async () => {
    expect(await fileOf('http://example.org/p.html?q=1', { suffixAtEnd: false })).to.equal('http_example.org/p.htmlq=1');
    expect(await fileOf('http://example.org/p.html?q=1')).to.equal('http_example.org/pq=1.html');
  });

  it('replaces the dot ending a folder name with dotEnd (once: the name then ends otherwise), and keeps a leading dot when dotBegin is unset', async () => {
    expect(await fileOf('http://example.org/v1.../x', { dotEnd: '%2E' })).to.equal('http_example.org/v1..%2E/x');
    expect(await fileOf('http://example.org/.well-known/a', { dotBegin: undefined })).to.equal('http_example.org/.well-known/a');
  });

  it('cuts an escape as a whole lump', async () => {
    // 8 characters a name: the folder stops before `f`; the file keeps one free (7), cut in its main part, the suffix whole.
    expect(await fileOf('http://example.org/abcde%7Efg/', { maxSegLength: 8, maxPathLength: 1023 })).to.equal('http_example.org/abcde%7E/in.html');
    expect(await fileOf('http://example.org/abcdef%7E/', { maxSegLength: 8, maxPathLength: 1023 })).to.equal('http_example.org/abcdef/in.html');
  });

  it('puts a file whose folders would be too long under tooLongDirectory', async () => {
    const maxPathLength = folder.dir.length + 60;
    const deep = 'http://example.org/' + 'segment/'.repeat(10) + 'page.html';
    expect(await fileOf(deep, { maxPathLength, maxSegLength: 20 })).to.equal('http_example.org/LONG/page.html');
  });

  it('cuts the query first when the path is long (a file name of 15 here)', async () => {
    const maxPathLength = folder.dir.length + 1 + 'http_example.org/'.length + 16;
    expect(await fileOf('http://example.org/p.html?' + 'q'.repeat(40), { maxPathLength, maxSegLength: 16 })).to.equal(`http_example.org/p${'q'.repeat(9)}.html`);
  });

  it('numbers a file name taken by a folder, and a folder name taken by a file', async () => {
    await mkdir(join(folder.dir, 'http_example.org', 'a'), { recursive: true });
    expect(await fileOf('http://example.org/a')).to.equal('http_example.org/a1');
    await writeFile(join(folder.dir, 'http_example.org', 'b'), 'b');
    expect(await fileOf('http://example.org/b/c')).to.equal('http_example.org/b1/c');
  });

  it('keeps names differing in case apart on a case-insensitive file system', async () => {
    await mkdir(join(folder.dir, 'http_example.org'), { recursive: true });
    await writeFile(join(folder.dir, 'http_example.org', 'Read.me'), 'x');
    // A case-sensitive file system has no clash; on a case-insensitive one, READ.ME would be Read.me.
    expect(await fileOf('http://example.org/READ.ME')).to.equal('http_example.org/READ.ME');
    expect(await fileOf('http://example.org/Read.me', { caseSensitiveFilesystem: false })).to.equal('http_example.org/Read.me');
  });
});
