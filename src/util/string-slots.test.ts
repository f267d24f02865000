import { expect } from 'chai';
import { StringSlots } from './string-slots.js';

describe(StringSlots.name, () => {
  it('gives back the last string set in each slot, through many compactions, non-ASCII included', () => {
    const slots = new StringSlots();
    const reference = new Map<number, string>();
    for (let i = 0; i < 200_000; i++) {
      const slot = (i * 7919) % 1000;
      const s = `http://host${slot}.example/é/${i}${i % 5 === 0 ? '/日本' : ''}`;
      slots.set(slot, s);
      reference.set(slot, s);
    }
    for (const [slot, s] of reference) expect(slots.get(slot)).to.equal(s);
    expect(slots.get(5000)).to.equal(undefined);
    // The buffer holds what is held now, about twice over, not all that was ever set.
    expect(slots.bytes).to.be.below(1 << 20);
  });
});
