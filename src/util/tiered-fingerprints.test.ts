import { expect } from 'chai';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setImmediate as turn } from 'node:timers/promises';
import { join } from 'node:path';
import { BLOOM_PARTS, BlockedBloom } from './blocked-bloom.js';
import { fingerprint } from './fingerprint-set.js';
import { TieredFingerprints } from './tiered-fingerprints.js';

/** Adds every key, awaiting the adds that read the spill file, and returns what each said. */
async function addAll(set: TieredFingerprints, keys: string[]): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (const key of keys) {
    const r = set.add(fingerprint(key));
    answers.push(typeof r === 'boolean' ? r : await r);
  }
  return answers;
}

describe(TieredFingerprints.name, () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'beancrawl-tiered-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('moves members to a spill file past maxInMemory, again and again, and answers exactly as a Set would throughout', async () => {
    const set = new TieredFingerprints(2000, dir);
    const reference = new Set<number>();
    let fromFile = 0;
    for (let i = 0; i < 12_000; i++) {
      // The event loop turns now and then, as in a crawl: moves to the file go on meanwhile.
      if (i % 500 === 0) await turn();
      // Half the adds repeat an earlier key: in memory, being moved, or in the file.
      const key = `http://example.org/${i % 2 === 0 ? Math.floor(i / 3) : i}`;
      const fp = fingerprint(key);
      const r = set.add(fp);
      if (typeof r !== 'boolean') fromFile++;
      expect(typeof r === 'boolean' ? r : await r, key).to.equal(!reference.has(fp));
      reference.add(fp);
    }
    await set.settled();
    expect(set.size).to.equal(reference.size);
    expect(set.spilled).to.be.greaterThan(reference.size - 2000);
    expect(fromFile, 'repeats answered by the file').to.be.greaterThan(500);
    const again = await addAll(set, [...Array(16_000).keys()].map((i) => `http://example.org/${i}`));
    for (let i = 0; i < again.length; i++) expect(again[i], `http://example.org/${i}`).to.equal(!reference.has(fingerprint(`http://example.org/${i}`)));
    expect((await readdir(dir)).length, 'one spill file').to.equal(1);
    await set.close();
    expect(await readdir(dir)).to.deep.equal([]);
  });

  it('answers a repeat of a key whose read is under way as seen, and the first as new', async () => {
    const set = new TieredFingerprints(100, dir);
    await addAll(set, [...Array(5000).keys()].map((i) => `k${i}`));
    await set.settled();
    // Keys the Bloom filter cannot rule out, though not members: each add has to read.
    const unruled: number[] = [];
    for (let i = 0; unruled.length < 3; i++) {
      const fp = fingerprint(`new${i}`);
      const r = set.add(fp);
      if (typeof r !== 'boolean') {
        expect(set.add(fp), 'a repeat while the read is under way').to.equal(false);
        expect(await r).to.equal(true);
        unruled.push(fp);
      }
    }
    for (const fp of unruled) expect(set.add(fp)).to.equal(false);
    await set.close();
  });

  it('keeps members in memory, answering as before, when the spill file cannot be written', async () => {
    // A file where the folder should be: no spill file can be made, whoever runs the test.
    const notAFolder = join(dir, 'not-a-folder');
    await writeFile(notAFolder, '');
    const told: string[] = [];
    const set = new TieredFingerprints(100, join(notAFolder, 'spill'), (e) => told.push(e.message));
    const answers = await addAll(set, [...Array(1000).keys()].map((i) => `k${i}`));
    await set.settled();
    expect(answers.every((a) => a)).to.equal(true);
    expect(set.failure?.message).to.match(/ENOTDIR/);
    expect(told, 'told once').to.have.length(1);
    expect(set.size).to.equal(1000);
    expect(await addAll(set, ['k0', 'k999', 'k1000'])).to.deep.equal([false, false, true]);
    await set.close();
  });

  it('keeps everything in memory with maxInMemory 0', async () => {
    const set = new TieredFingerprints(0, dir);
    await addAll(set, [...Array(10_000).keys()].map((i) => `k${i}`));
    await set.settled();
    expect(set.spilled).to.equal(0);
    expect(await readdir(dir)).to.deep.equal([]);
  });
});

describe(BlockedBloom.name, () => {
  it('never says no for a member, and maybe for about 2.5 % of others at 8 bits a member', () => {
    const bloom = BlockedBloom.of([...Array(200_000).keys()].map((i) => fingerprint(`m${i}`)));
    let missed = 0;
    for (let i = 0; i < 200_000; i++) if (!bloom.has(fingerprint(`m${i}`))) missed++;
    expect(missed).to.equal(0);
    let maybe = 0;
    for (let i = 0; i < 200_000; i++) if (bloom.has(fingerprint(`x${i}`))) maybe++;
    expect(maybe / 200_000).to.be.within(0.005, 0.05);
    expect(bloom.bytes).to.be.within(200_000, 200_000 + BLOOM_PARTS * 64);
  });
});
