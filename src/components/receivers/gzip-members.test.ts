import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { gzipMembers } from '../../../test/support/warc-reader.js';
import { GzipMembers } from './gzip-members.js';

describe(GzipMembers.name, () => {
  it('makes one standalone gzip member of each buffer, small ones at once and large ones on compressor threads, concurrently', async () => {
    const gzip = new GzipMembers(2);
    const inputs = Array.from({ length: 24 }, (_, i) => randomBytes(i % 3 === 0 ? 200 : 20000 + 5000 * i));
    const outputs = await Promise.all(inputs.map((b) => gzip.gzip(b)));
    gzip.close();
    for (const [i, out] of outputs.entries()) {
      expect(gunzipSync(out)).to.deep.equal(inputs[i]);
      expect(gzipMembers(out)).to.have.length(1);
    }
    const file = gzipMembers(Buffer.concat(outputs));
    expect(file.map((m) => m.data)).to.deep.equal(inputs);
  });

  it('sends large buffers to a compressor thread once one is up, and compresses at once after the threads are closed', async () => {
    const gzip = new GzipMembers(1);
    const input = randomBytes(50_000);
    // The thread starts with the first large buffer; until it is up, buffers are compressed at once.
    while (gzip.onThreads === 0) {
      expect(gunzipSync(await gzip.gzip(input))).to.deep.equal(input);
      // A turn of the event loop, in which the thread can say it is up.
      await new Promise((resolve) => setImmediate(resolve));
    }
    gzip.close();
    const after = gzip.onThreads;
    expect(gunzipSync(await gzip.gzip(input))).to.deep.equal(input);
    expect(gzip.onThreads).to.equal(after);
  });

  it('runs its compressor thread 10 nice levels below the crawl\'s thread (Linux; ps\'s view)', async function () {
    if (process.platform !== 'linux') this.skip();
    const nices = () => spawnSync('ps', ['-L', '-o', 'ni=', '-p', String(process.pid)], { encoding: 'utf8' }).stdout.trim().split('\n').map(Number);
    const own = nices()[0];
    const gzip = new GzipMembers(1);
    try {
      const input = randomBytes(50_000);
      while (gzip.onThreads === 0) {
        await gzip.gzip(input);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(nices(), 'the nice values of this process\'s threads').to.include(Math.min(19, own + 10));
    } finally {
      gzip.close();
    }
  });

  it('sends the buffers asked for in one turn to a thread together, small ones too, and compresses a turn of small ones at once', async () => {
    const gzip = new GzipMembers(1);
    const large = randomBytes(30_000);
    while (gzip.onThreads === 0) {
      await gzip.gzip(large);
      await new Promise((resolve) => setImmediate(resolve));
    }
    try {
      // A URI's records: a large response, a small request and metadata, asked for in one turn.
      const small = [randomBytes(300), randomBytes(200)];
      const before = gzip.onThreads;
      const members = await Promise.all([gzip.gzip(large), ...small.map((b) => gzip.gzip(b))]);
      expect(gzip.onThreads - before, 'the three members made on the thread').to.equal(3);
      expect(members.map((m) => gunzipSync(m))).to.deep.equal([large, ...small]);
      for (const m of members) expect(gzipMembers(m)).to.have.length(1);
      // Together no more than 1 KiB: not worth a trip.
      const alone = await Promise.all(small.map((b) => gzip.gzip(b)));
      expect(gzip.onThreads - before).to.equal(3);
      expect(alone.map((m) => gunzipSync(m))).to.deep.equal(small);
    } finally {
      gzip.close();
    }
  });

  it('holds the process open while a buffer is at a thread, and not once the threads are idle', () => {
    // Nothing but the compressor thread keeps this script's event loop alive while it waits.
    const script = `
      const { GzipMembers } = await import(${JSON.stringify(new URL('./gzip-members.js', import.meta.url).href)});
      const gzip = new GzipMembers(1);
      const input = Buffer.alloc(100000, 7);
      while (gzip.onThreads === 0) {
        await gzip.gzip(input);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const out = await gzip.gzip(input);
      process.stdout.write(String(out.length > 0 && gzip.onThreads >= 2));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status, r.stderr).to.equal(0);
    expect(r.stdout).to.equal('true');
  });
});
