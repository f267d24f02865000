import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrawledDocument } from '../../model/receiver.js';
import { DEFAULT_JSONL_MAPPING } from './jsonl-receiver.descriptor.js';
import { JsonlReceiver, type JsonlReceiverConfig } from './jsonl-receiver.js';

const DOC: CrawledDocument = {
  url: 'http://site.test/caf%C3%A9.html', mimeType: 'text/html', charset: 'iso-8859-1', contentType: 'text/html; charset=iso-8859-1',
  lastModified: new Date('2024-01-02T03:04:05Z'), size: 5, content: Buffer.from('caf\xe9!', 'latin1'), status: 200,
  digest: 'sha1:AAAA', fetchTime: new Date('2024-02-03T04:05:06Z'), hopsPath: 'LL', via: 'http://site.test/', isSeed: false, outlinks: [],
};

describe(JsonlReceiver.name, () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-jsonl-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function lines(over: Partial<JsonlReceiverConfig>, docs: CrawledDocument[] = [DOC]): Promise<Record<string, unknown>[]> {
    const r = new JsonlReceiver({
      path: join(dir, 'out', 'documents.jsonl'), mapping: DEFAULT_JSONL_MAPPING, contentFormat: 'text', contentDirectory: join(dir, 'content'), stateStore: undefined, ...over,
    });
    await r.start();
    for (const d of docs) await r.documentFound(d);
    await r.stop();
    return (await readFile(join(dir, 'out', 'documents.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
  }

  it('writes one line per document with the default mapping\'s attributes', async () => {
    expect(await lines({}, [DOC, { ...DOC, url: 'http://site.test/2', charset: undefined, lastModified: undefined }])).to.deep.equal([
      { url: DOC.url, mimeType: 'text/html', charset: 'iso-8859-1', contentType: 'text/html; charset=iso-8859-1', lastModified: '2024-01-02T03:04:05.000Z', size: 5 },
      { url: 'http://site.test/2', mimeType: 'text/html', contentType: 'text/html; charset=iso-8859-1', size: 5 },
    ]);
  });

  it('names and orders the attributes by a SMILA-style mapping, leaving the others out; content as text in its charset', async () => {
    const [line] = await lines({ mapping: { httpContent: 'Content', httpUrl: 'Path', httpStatus: 'status', fetchTime: 'fetched' } });
    expect(Object.keys(line)).to.deep.equal(['Content', 'Path', 'status', 'fetched']);
    expect(line).to.deep.equal({ Content: 'café!', Path: DOC.url, status: 200, fetched: '2024-02-03T04:05:06.000Z' });
  });

  it('prefers the text an extractor decoded', async () => {
    const [line] = await lines({ mapping: { httpContent: 'text' } }, [{ ...DOC, text: 'decoded by the extractor' }]);
    expect(line.text).to.equal('decoded by the extractor');
  });

  it('writes content as base64, or saves it and writes its path', async () => {
    const [b64] = await lines({ mapping: { httpContent: 'c' }, contentFormat: 'base64' });
    expect(Buffer.from(b64.c as string, 'base64')).to.deep.equal(DOC.content);
    await rm(join(dir, 'out'), { recursive: true });
    const [saved, local] = await lines({ mapping: { httpUrl: 'url', httpContent: 'c' }, contentFormat: 'path' }, [DOC, { ...DOC, url: 'file:///srv/a.txt', contentPath: '/srv/a.txt' }]);
    expect(saved.c).to.equal(join(dir, 'content', createHash('sha1').update(DOC.url).digest('hex')));
    expect(await readFile(saved.c as string)).to.deep.equal(DOC.content);
    expect(local.c).to.equal('/srv/a.txt');
  });
});
