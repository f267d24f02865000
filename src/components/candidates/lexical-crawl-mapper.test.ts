import { expect } from 'chai';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../../test/support/temp-dir.js';
import { CrawlUri } from '../../model/crawl-uri.js';
import { LexicalCrawlMapper, parseLexicalMap } from './lexical-crawl-mapper.js';

const MAP = `# key crawler
com,example,   alpha   # the .com hosts up to example
org,zzz,       beta
net,zzz,       gamma
`;

describe('LexicalCrawlMapper', () => {
  let folder: { dir: string; cleanup(): Promise<void> };
  beforeEach(async () => (folder = await tempDir({ 'lexicalcrawlmapper.config': MAP })));
  afterEach(async () => folder.cleanup());

  async function mapper(localName: string): Promise<LexicalCrawlMapper> {
    const m = new LexicalCrawlMapper({
      enabled: true, checkUri: true, checkOutlinks: true, localName, diversionDir: join(folder.dir, 'diversions'), rotationDigits: 10,
      mapPath: join(folder.dir, 'lexicalcrawlmapper.config'), mapUri: '',
    } as never);
    await m.start();
    return m;
  }

  it('reads Heritrix\'s map lines, comments and blank lines skipped', () => {
    expect(parseLexicalMap(MAP, 'map')).to.deep.equal([['com,example,', 'alpha'], ['org,zzz,', 'beta'], ['net,zzz,', 'gamma']]);
    expect(() => parseLexicalMap('org,\n', 'map')).to.throw('map:1: "org," has a key and no crawler name');
  });

  it('gives each class key the crawler of the first map key at or after it, wrapping round past the last', async () => {
    const m = await mapper('alpha');
    const target = async (uri: string) => {
      const curi = new CrawlUri(uri, { hopsPath: 'L', via: 'http://example.com/' });
      await m.process(curi);
      return curi.annotations[0] ?? 'kept';
    };
    expect(await target('http://www.abc.com/')).to.equal('kept'); // com,abc,www, < com,example,
    expect(await target('http://www.example.net/')).to.equal('to:gamma'); // net,example,www, ≤ net,zzz,
    expect(await target('http://example.org/')).to.equal('to:beta'); // org,example, ≤ org,zzz,
    expect(await target('http://www.zzzz.org/')).to.equal('kept'); // org,zzzz,www, is past the last key: the first's, alpha
    await m.stop();
    const files = await readdir(join(folder.dir, 'diversions'));
    expect(files.map((f) => f.replace(/^\d{10}/, 'G')).sort()).to.deep.equal(['G-alpha-to-beta.divert', 'G-alpha-to-gamma.divert']);
    expect(await readFile(join(folder.dir, 'diversions', files.find((f) => f.endsWith('gamma.divert'))!), 'utf8'))
      .to.equal('net,example,www, CrawlURI http://www.example.net/ L http://example.com/\n');
  });
});
