import { expect } from 'chai';
import { zipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchJob } from '../../src/job/launch-job.js';
import { deltaFileSystemProfile } from '../support/delta-file-system-profile.js';
import { tarBytes } from '../support/tar-bytes.js';
import { tempDir } from '../support/temp-dir.js';

interface Line { kind: string; url: string; _compoundRecordId?: string; _compoundPath?: string; _isCompound?: boolean }

const zip = (files: Record<string, string | Uint8Array>) => Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? Buffer.from(v) : v]))));

describe('compound files in a crawl: elements as documents, with their delta (file-system profile, a folder of archives)', function () {
  this.timeout(60_000);

  it('gives each element of a zip, a nested zip and a tar.gz to the receivers, and on the next run the exact delta of each', async () => {
    const inner = zip({ 'z.txt': 'zed' });
    const work = await tempDir({
      'tree/a.txt': 'a',
      'tree/pack.zip': zip({ 'x.txt': 'x one', 'y.txt': 'why', 'inner.zip': inner }),
      'tree/data.tar.gz': gzipSync(tarBytes({ 'docs/t.txt': 'tee' })),
    });
    const job = await tempDir({ 'crawler-beans.xml': deltaFileSystemProfile(100) });
    const root = pathToFileURL(join(work.dir, 'tree')).href + '/';
    const run = async (): Promise<{ lines: Line[]; byKind: Map<string, string[]>; alerts: string }> => {
      const result = await launchJob(job.dir, { sets: [`seeds.textSource.value=${root}`, 'metadata.operatorContactUrl=http://example.org/contact'] });
      expect(result.exitStatus).to.equal('FINISHED');
      const lines = readFileSync(join(job.dir, result.runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
      const byKind = new Map<string, string[]>();
      for (const e of lines) byKind.set(e.kind, [...(byKind.get(e.kind) ?? []), e.url.slice(root.length) || '/'].sort());
      return { lines, byKind, alerts: readFileSync(join(job.dir, result.runDir, 'logs', 'alerts.log'), 'utf8') };
    };
    try {
      const first = await run();
      expect(first.byKind.get('new')).to.deep.equal([
        'a.txt', 'data.tar.gz', 'data.tar.gz!/docs/t.txt', 'pack.zip', 'pack.zip!/inner.zip', 'pack.zip!/inner.zip!/z.txt', 'pack.zip!/x.txt', 'pack.zip!/y.txt',
      ]);
      const line = (rel: string) => first.lines.find((l) => l.url === root + rel)!;
      expect(line('pack.zip')).to.deep.include({ _isCompound: true });
      expect(line('pack.zip!/x.txt')).to.deep.include({ _compoundRecordId: `${root}pack.zip`, _compoundPath: 'x.txt' });
      expect(line('pack.zip!/inner.zip')).to.deep.include({ _isCompound: true, _compoundRecordId: `${root}pack.zip` });
      expect(line('pack.zip!/inner.zip!/z.txt')).to.deep.include({ _compoundRecordId: `${root}pack.zip!/inner.zip`, _compoundPath: 'inner.zip!/z.txt' });
      expect(line('a.txt')).to.not.have.property('_compoundRecordId');

      // One element changed, one removed, one added; the nested zip as it was; the tar.gz untouched.
      await writeFile(join(work.dir, 'tree', 'pack.zip'), zip({ 'x.txt': 'x two', 'w.txt': 'new one', 'inner.zip': inner }));
      await utimes(join(work.dir, 'tree', 'pack.zip'), new Date(), new Date(Date.now() + 60_000));
      const second = await run();
      expect(second.byKind.get('new')).to.deep.equal(['pack.zip!/w.txt']);
      expect(second.byKind.get('changed')).to.deep.equal(['pack.zip', 'pack.zip!/x.txt']);
      expect(second.byKind.get('deleted')).to.deep.equal(['pack.zip!/y.txt']);
      expect(second.byKind.get('unchanged')).to.deep.equal(['a.txt', 'data.tar.gz', 'data.tar.gz!/docs/t.txt', 'pack.zip!/inner.zip', 'pack.zip!/inner.zip!/z.txt']);

      // The archive removed: it and every element it held are deleted.
      const { rm } = await import('node:fs/promises');
      await rm(join(work.dir, 'tree', 'data.tar.gz'));
      const third = await run();
      expect(third.byKind.get('deleted')).to.deep.equal(['data.tar.gz', 'data.tar.gz!/docs/t.txt']);
    } finally {
      await job.cleanup();
      await work.cleanup();
    }
  });

  it('keeps a zip bomb\'s container and the elements within the limits, says why in alerts.log, and deletes nothing on the strength of a cut ' +
    'listing', async () => {
    const work = await tempDir({ 'tree/bomb.zip': Buffer.from(zipSync({ 'ok.txt': Buffer.from('fine'), 'zeros.bin': new Uint8Array(8 << 20) }, { level: 9 })) });
    const job = await tempDir({ 'crawler-beans.xml': deltaFileSystemProfile(100) });
    const root = pathToFileURL(join(work.dir, 'tree')).href + '/';
    try {
      const result = await launchJob(job.dir, { sets: [`seeds.textSource.value=${root}`, 'metadata.operatorContactUrl=http://example.org/contact'] });
      expect(result.exitStatus).to.equal('FINISHED');
      const urls = readFileSync(join(job.dir, result.runDir, 'documents.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as Line).url.slice(root.length));
      expect(urls.sort()).to.deep.equal(['bomb.zip', 'bomb.zip!/ok.txt']);
      expect(readFileSync(join(job.dir, result.runDir, 'logs', 'alerts.log'), 'utf8')).to.match(/compound \S+bomb\.zip read in part \(1 elements kept\): entry "zeros\.bin" expands \d+ times \(maxRatio 200\)/);
      expect(readFileSync(join(job.dir, result.runDir, 'logs', 'crawl.log'), 'utf8')).to.match(/bomb\.zip .*compoundTrunc/);
    } finally {
      await job.cleanup();
      await work.cleanup();
    }
  });

  it('leaves out a zip entry whose bytes are not its CRC-32\'s, keeps the container and the other elements, says which in crawl.log and ' +
    'alerts.log, and deletes nothing on the strength of that listing', async () => {
    const good = Buffer.from(zipSync({ 'ok.txt': Buffer.from('fine'), 'data.txt': Buffer.from('the original data') }, { level: 0 }));
    const tampered = Buffer.from(good);
    tampered[tampered.indexOf('original')] = 'O'.charCodeAt(0);
    const work = await tempDir({ 'tree/pack.zip': good });
    const job = await tempDir({ 'crawler-beans.xml': deltaFileSystemProfile(100) });
    const root = pathToFileURL(join(work.dir, 'tree')).href + '/';
    const run = async () => {
      const result = await launchJob(job.dir, { sets: [`seeds.textSource.value=${root}`, 'metadata.operatorContactUrl=http://example.org/contact'] });
      expect(result.exitStatus).to.equal('FINISHED');
      const read = (name: string) => readFileSync(join(job.dir, result.runDir, name), 'utf8');
      const lines = read('documents.jsonl').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Line);
      return { events: lines.map((l) => `${l.kind} ${l.url.slice(root.length)}`).sort(), crawlLog: read('logs/crawl.log'), alerts: read('logs/alerts.log') };
    };
    try {
      expect((await run()).events).to.deep.equal(['new pack.zip', 'new pack.zip!/data.txt', 'new pack.zip!/ok.txt']);
      await writeFile(join(work.dir, 'tree', 'pack.zip'), tampered);
      await utimes(join(work.dir, 'tree', 'pack.zip'), new Date(), new Date(Date.now() + 60_000));
      const second = await run();
      expect(second.events).to.deep.equal(['changed pack.zip', 'unchanged pack.zip!/ok.txt']);
      expect(second.crawlLog).to.match(/pack\.zip .*compoundCorrupt:1/);
      expect(second.crawlLog).to.not.match(/pack\.zip .*compoundTrunc/);
      expect(second.alerts).to.match(/compound \S+pack\.zip: 1 element\(s\) left out, their bytes not what the archive states \(the other 1 kept\): /);
      expect(second.alerts).to.match(/: "data\.txt": CRC-32 mismatch/);
    } finally {
      await job.cleanup();
      await work.cleanup();
    }
  });
});
