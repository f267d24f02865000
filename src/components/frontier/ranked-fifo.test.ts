import { expect } from 'chai';
import { RankedFifo } from './ranked-fifo.js';

describe(RankedFifo.name, () => {
  it('serves the lowest rank first, then order of arrival, as a sorted list would, through pushes, shifts, removals and clears', () => {
    const fifo = new RankedFifo<number>();
    let reference: Array<[number, number]> = [];
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let step = 0; step < 20_000; step++) {
      const what = random(100);
      if (what < 55) {
        // Mostly one rank, as a queue's URIs usually are.
        const rank = random(10) < 8 ? 3 : random(5);
        fifo.push(rank, step);
        reference.push([rank, step]);
        reference.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      } else if (what < 95) {
        expect(fifo.peekRank()).to.equal(reference[0]?.[0]);
        expect(fifo.shift()).to.equal(reference.shift()?.[1]);
      } else if (what < 98) {
        const removed = fifo.removeWhere((item) => item % 3 === 0);
        expect(removed.sort((a, b) => a - b)).to.deep.equal(reference.filter(([, item]) => item % 3 === 0).map(([, item]) => item).sort((a, b) => a - b));
        reference = reference.filter(([, item]) => item % 3 !== 0);
      } else {
        expect(fifo.clear()).to.equal(reference.length);
        reference = [];
      }
      expect(fifo.size).to.equal(reference.length);
    }
  });
});
