import { expect } from 'chai';
import { headChunk, MAX_HEAD_CHUNK, MIN_HEAD_CHUNK } from './head-chunk.js';

describe('headChunk', () => {
  it('is a queue\'s share of maxUrisInMemory, between its least and its most', () => {
    expect(headChunk(50_000, 10_000)).to.equal(MIN_HEAD_CHUNK);
    expect(headChunk(50_000, 2_000)).to.equal(25);
    expect(headChunk(50_000, 100)).to.equal(MAX_HEAD_CHUNK);
    expect(headChunk(50_000, 0)).to.equal(MAX_HEAD_CHUNK);
    expect(headChunk(0, 5)).to.equal(MIN_HEAD_CHUNK);
    expect(headChunk(Infinity, 10_000)).to.equal(MAX_HEAD_CHUNK);
  });
});
