import { expect } from 'chai';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { BatchedWrites } from './batched-writes.js';

/** A stream that keeps each write it is given (a writev is one write of many chunks). */
function recorder(): { stream: Writable; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writes.push(chunk.toString());
      callback();
    },
    writev(chunks, callback) {
      writes.push(chunks.map((c) => (c.chunk as Buffer).toString()).join(''));
      callback();
    },
  });
  return { stream, writes };
}

describe(BatchedWrites.name, () => {
  it('writes the lines of one batch together, once its time is up', async () => {
    const { stream, writes } = recorder();
    const batched = new BatchedWrites(stream, 5);
    for (let i = 0; i < 100; i++) batched.write(`line ${i}\n`);
    expect(writes, 'nothing written before the batch ends').to.deep.equal([]);
    while (writes.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(writes).to.have.length(1);
    expect(writes[0]!.split('\n')).to.have.length(101);
    batched.write('after\n');
    while (writes.length === 1) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(writes[1]).to.equal('after\n');
  });

  it('writes at once when a write waits for its callback, and when it ends', async () => {
    const { stream, writes } = recorder();
    const batched = new BatchedWrites(stream, 60_000);
    batched.write('a\n');
    batched.write('b\n');
    await new Promise<void>((resolve, reject) => batched.write('', (e) => (e ? reject(e) : resolve())));
    expect(writes.join('')).to.equal('a\nb\n');
    batched.write('c\n');
    batched.end();
    await finished(stream);
    expect(writes.join('')).to.equal('a\nb\nc\n');
  });
});
