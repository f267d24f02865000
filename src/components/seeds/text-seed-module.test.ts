import { expect } from 'chai';
import { join } from 'node:path';
import { levelStore } from '../../../test/support/level-store.js';
import { tempDir } from '../../../test/support/temp-dir.js';
import { ConfigString } from './config-string.js';
import { TextSeedModule } from './text-seed-module.js';

describe(TextSeedModule.name, () => {
  const module = (stateStore?: ReturnType<typeof levelStore>) =>
    new TextSeedModule({ sourceTagSeeds: false, blockAwaitingSeedLines: -1, textSource: new ConfigString({ value: 'http://example.org/\n' }), stateStore });

  it('tells each listener of every seed added, once, those added before it listened included', async () => {
    const seeds = module();
    await seeds.start();
    const early: string[] = [];
    seeds.onSeedAdded((u) => early.push(u));
    seeds.addSeed('http://www.example.org/');
    seeds.addSeed('http://www.example.org/');
    const late: string[] = [];
    seeds.onSeedAdded((u) => late.push(u));
    expect(early).to.deep.equal(['http://www.example.org/']);
    expect(late).to.deep.equal(['http://www.example.org/']);
  });

  it('keeps the seeds added in the state store, so that the next launch of the run tells them again', async () => {
    const work = await tempDir();
    try {
      const store = levelStore(join(work.dir, 'state'));
      await store.start();
      const first = module(store);
      await first.start();
      first.addSeed('http://www.example.org/');
      await store.stop();

      const again = levelStore(join(work.dir, 'state'));
      await again.start();
      const second = module(again);
      await second.start();
      const told: string[] = [];
      second.onSeedAdded((u) => told.push(u));
      expect(told).to.deep.equal(['http://www.example.org/']);
      await again.stop();
    } finally {
      await work.cleanup();
    }
  });
});
