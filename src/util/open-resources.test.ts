import { expect } from 'chai';
import { openResourcesLine } from './open-resources.js';

describe('openResourcesLine', () => {
  it('names what keeps the process alive, with how many of each', () => {
    const timers = [setTimeout(() => undefined, 60_000), setTimeout(() => undefined, 60_000)];
    try {
      expect(openResourcesLine()).to.match(/(^|, )Timeout ×\d+(, |$)/);
    } finally {
      for (const t of timers) clearTimeout(t);
    }
  });
});
