import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { levelStore } from '../../../test/support/level-store.js';
import type { DocumentEvent } from '../../model/fetch-history.js';
import { JOURNAL_SUBLEVEL } from '../../model/journaled-file.js';
import type { CrawledDocument } from '../../model/receiver.js';
import type { BeanView } from '../../beans/registry/component-descriptor.js';
import { DEFAULT_JSONL_MAPPING, jsonlReceiverComponent } from './jsonl-receiver.js';
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

  function receiver(over: Partial<JsonlReceiverConfig> = {}): JsonlReceiver {
    return new JsonlReceiver({
      path: join(dir, 'out', 'documents.jsonl'), mapping: DEFAULT_JSONL_MAPPING, contentFormat: 'text', contentDirectory: join(dir, 'content'), stateStore: undefined, ...over,
    });
  }

  async function written(): Promise<Record<string, unknown>[]> {
    return (await readFile(join(dir, 'out', 'documents.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
  }

  async function lines(over: Partial<JsonlReceiverConfig>, docs: CrawledDocument[] = [DOC]): Promise<Record<string, unknown>[]> {
    const r = receiver(over);
    await r.start();
    for (const d of docs) await r.documentFound(d);
    await r.stop();
    return written();
  }

  /** What the ReceiverProcessor makes of a 304 or a deletion: the event, without content. */
  const EVENT: DocumentEvent = {
    kind: 'unchanged', url: 'http://site.test/old.html', status: 304, mimeType: 'text/html', size: 42, digest: 'sha1:BBBB',
    lastModified: 'Tue, 02 Jan 2024 03:04:05 GMT', etag: '"e1"', fetchTime: Date.parse('2024-02-03T04:05:06Z'),
  };

  it('writes one line per document with the default mapping\'s attributes', async () => {
    expect(await lines({}, [DOC, { ...DOC, url: 'http://site.test/2', charset: undefined, lastModified: undefined }])).to.deep.equal([
      { kind: 'found', url: DOC.url, mimeType: 'text/html', charset: 'iso-8859-1', contentType: 'text/html; ' +
        'charset=iso-8859-1', lastModified: '2024-01-02T03:04:05.000Z', size: 5 },
      { kind: 'found', url: 'http://site.test/2', mimeType: 'text/html', contentType: 'text/html; charset=iso-8859-1', size: 5 },
    ]);
  });

  it('names and orders the attributes by a SMILA-style mapping, leaving the others out; content as text in its charset', async () => {
    const [line] = await lines({ mapping: { httpContent: 'Content', httpUrl: 'Path', httpStatus: 'status', fetchTime: 'fetched' } });
    expect(Object.keys(line)).to.deep.equal(['kind', 'Content', 'Path', 'status', 'fetched']);
    expect(line).to.deep.equal({ kind: 'found', Content: 'café!', Path: DOC.url, status: 200, fetched: '2024-02-03T04:05:06.000Z' });
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

  describe('in a delta run', () => {
    it('writes new, changed and unchanged documents in full, each line\'s kind first', async () => {
      const r = receiver({ mapping: { httpUrl: 'url', httpSize: 'size', httpContent: 'text' } });
      await r.start();
      await r.documentNew({ ...DOC, url: 'http://site.test/new' });
      await r.documentChanged({ ...DOC, url: 'http://site.test/changed' });
      await r.documentUnchanged({ ...EVENT, url: 'http://site.test/same', status: 200 }, { ...DOC, url: 'http://site.test/same' });
      await r.stop();
      const out = await written();
      expect(out.map((l) => Object.keys(l)[0])).to.deep.equal(['kind', 'kind', 'kind']);
      expect(out).to.deep.equal([
        { kind: 'new', url: 'http://site.test/new', size: 5, text: 'café!' },
        { kind: 'changed', url: 'http://site.test/changed', size: 5, text: 'café!' },
        { kind: 'unchanged', url: 'http://site.test/same', size: 5, text: 'café!' },
      ]);
    });

    it('writes what the event of a 304 or a deletion knows, through the mapping, never content nor what it lacks', async () => {
      const r = receiver({
        mapping: {
          httpUrl: 'Path', httpMimetype: 'Mime', httpSize: 'Bytes', httpLastModified: 'Modified', httpContent: 'Content', httpCharset: 'cs',
          httpContenttype: 'ct', httpStatus: 'Status', contentDigest: 'Digest', fetchTime: 'Fetched', hopsPath: 'hops', via: 'via',
        },
      });
      await r.start();
      await r.documentUnchanged(EVENT);
      await r.documentDeleted({ kind: 'deleted', url: 'http://site.test/gone', status: 404, fetchTime: Date.parse('2024-03-04T05:06:07Z') });
      await r.documentDeleted({ ...EVENT, kind: 'deleted', status: 410, mimeType: '', lastModified: 'not a date' });
      await r.stop();
      expect(await written()).to.deep.equal([
        {
          kind: 'unchanged', Path: EVENT.url, Mime: 'text/html', Bytes: 42, Modified: '2024-01-02T03:04:05.000Z', Status: 304,
          Digest: 'sha1:BBBB', Fetched: '2024-02-03T04:05:06.000Z',
        },
        { kind: 'deleted', Path: 'http://site.test/gone', Status: 404, Fetched: '2024-03-04T05:06:07.000Z' },
        { kind: 'deleted', Path: EVENT.url, Bytes: 42, Status: 410, Digest: 'sha1:BBBB', Fetched: '2024-02-03T04:05:06.000Z' },
      ]);
    });

    it('with the default mapping, an event line has the url, type, size and date', async () => {
      const r = receiver();
      await r.start();
      await r.documentUnchanged(EVENT);
      await r.stop();
      expect(await written()).to.deep.equal([{ kind: 'unchanged', url: EVENT.url, mimeType: 'text/html', lastModified: '2024-01-02T03:04:05.000Z', size: 42 }]);
    });

    it('refuses events before start() and after stop()', async () => {
      const r = receiver();
      expect(() => r.documentDeleted(EVENT)).to.throw(/before start\(\)/);
      await r.start();
      await r.stop();
      expect(() => r.documentNew(DOC)).to.throw(/after stop\(\)/);
    });
  });

  it('keeps, with each commit of the state store, how long the file was, event lines included', async () => {
    const store = levelStore(join(dir, 'state'));
    await store.start();
    try {
      const path = join(dir, 'out', 'documents.jsonl');
      const r = receiver({ stateStore: store });
      await r.start();
      await r.documentFound(DOC);
      await r.documentDeleted({ ...EVENT, kind: 'deleted' });
      await store.commit();
      const size = Buffer.byteLength(await readFile(path, 'utf8'));
      expect(JSON.parse((await store.sublevel(JOURNAL_SUBLEVEL).get(path))!)).to.deep.equal({ length: size });
      await r.documentUnchanged(EVENT);
      await r.stop();
      await store.commit();
      expect(JSON.parse((await store.sublevel(JOURNAL_SUBLEVEL).get(path))!).length).to.be.greaterThan(size);
      expect((await written()).map((l) => l.kind)).to.deep.equal(['found', 'deleted', 'unchanged']);
    } finally {
      await store.stop();
    }
  });

  it('refuses a mapping that takes the key "kind"', () => {
    const view = (mapping: Record<string, string>): BeanView => ({
      id: 'jsonl', className: 'JsonlReceiver', config: { mapping }, locationOf: () => ({ file: 'x', line: 1, column: 1 }) as never, refs: () => [],
    });
    expect(jsonlReceiverComponent.validate!(view({ httpUrl: 'url' }))).to.deep.equal([]);
    expect((jsonlReceiverComponent.validate!(view({ httpUrl: 'url', httpStatus: 'kind' })) as { message: string }[]).map((i) => i.message))
      .to.deep.equal(['maps "httpStatus" to the key "kind", which every line uses for the document\'s event (found, new, changed, unchanged, deleted)']);
  });
});
