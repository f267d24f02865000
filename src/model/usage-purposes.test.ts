import { expect } from 'chai';
import { refusedPurposes } from './usage-purposes.js';

describe('refusedPurposes (a crawl\'s purposes against a URI\'s usage preferences)', () => {
  const refused = (p: Parameters<typeof refusedPurposes>[0], purposes: string[]) => refusedPurposes(p, purposes).map((r) => `${r.purpose}: ${r.by}`);

  it('reads Content-Signal\'s flat categories: no refuses, yes and silence do not', () => {
    const p = { contentSignal: { search: 'yes', 'ai-train': 'no' }, sources: [] };
    expect(refused(p, ['search', 'ai-input', 'ai-train', 'archive'])).to.deep.equal(['ai-train: Content-Signal ai-train=no']);
  });

  it('reads Content-Usage\'s hierarchy: the most specific category stated decides, bots covers every purpose', () => {
    const p = { contentUsage: { bots: 'n', search: 'y' }, sources: [] };
    expect(refused(p, ['search', 'ai-input', 'ai-train', 'archive'])).to.deep.equal(['ai-input: Content-Usage bots=n', 'ai-train: Content-Usage bots=n',
      'archive: Content-Usage bots=n']);
    expect(refused({ contentUsage: { 'train-ai': 'y', bots: 'n' }, sources: [] }, ['ai-train'])).to.deep.equal([]);
  });

  it('counts train-genai=n as refusing ai-train (the crawl cannot tell whether the model is generative)', () => {
    const p = { contentUsage: { 'train-ai': 'y', 'train-genai': 'n' }, sources: [] };
    expect(refused(p, ['ai-train'])).to.deep.equal(['ai-train: Content-Usage train-genai=n']);
  });

  it('refuses nothing when nothing is stated or no purpose is declared', () => {
    expect(refused(undefined, ['ai-train'])).to.deep.equal([]);
    expect(refused({ contentSignal: { 'ai-train': 'no' }, sources: [] }, [])).to.deep.equal([]);
  });
});
