import { expect } from 'chai';
import type { ComponentInfo, FormBean } from '../../src/console/api-types.js';
import { compatibleBeans, fieldOf, parseField, swapCandidates } from '../../src/console/form-fields.js';
import { bytes, count, duration } from '../../src/console/format.js';
import { linesOf } from '../../src/console/lines-of.js';
import { rateSeries } from '../../src/console/rate-series.js';
import { compactTree, surtParts, surtTree } from '../../src/console/surt-tree.js';
import { typedValue, valueText } from '../../src/console/value-text.js';

const bean = (id: string, className: string, kinds: string[], references: FormBean['references'] = [], inner = false): FormBean => ({
  id, className, kinds, inner, at: { file: 'crawler-beans.xml', line: 1, column: 1 }, editable: true, values: [], references,
});
const component = (name: string, kinds: string[], ignored?: string): ComponentInfo => ({ name, aliases: [], description: '', kinds, properties: {}, references: {}, ...(ignored ? { ignored } : {}) });

describe('the console\'s pure helpers (the browser runs the same modules)', () => {
  describe('form fields from a property\'s schema', () => {
    it('asks for a boolean, an enum, a bounded number, text, and leaves lists and maps to the editor', () => {
      expect(fieldOf({ description: '', type: 'boolean' })).to.deep.equal({ kind: 'boolean' });
      expect(fieldOf({ description: '', type: 'string', enum: ['obey', 'ignore'] })).to.deep.equal({ kind: 'enum', options: ['obey', 'ignore'] });
      expect(fieldOf({ description: '', type: 'integer', minimum: 0, maximum: 10 })).to.deep.equal({ kind: 'integer', min: 0, max: 10 });
      expect(fieldOf({ description: '', type: 'integer', exclusiveMinimum: 0 })).to.deep.equal({ kind: 'integer', min: 1 });
      expect(fieldOf({ description: '', type: ['string', 'null'] })).to.deep.equal({ kind: 'text' });
      expect(fieldOf({ description: '', type: 'array' })).to.deep.equal({ kind: 'complex' });
    });

    it('reads a field\'s text as its type, or says what it needs', () => {
      expect(parseField({ kind: 'integer', min: 0 }, '12')).to.deep.equal({ value: 12 });
      expect(parseField({ kind: 'integer', min: 0 }, '-1')).to.deep.equal({ error: 'at least 0' });
      expect(parseField({ kind: 'integer' }, '1.5')).to.deep.equal({ error: 'a whole number' });
      expect(parseField({ kind: 'number', max: 2 }, '2.5')).to.deep.equal({ error: 'at most 2' });
      expect(parseField({ kind: 'number' }, ' ')).to.deep.equal({ error: 'a number' });
      expect(parseField({ kind: 'boolean' }, 'false')).to.deep.equal({ value: false });
      expect(parseField({ kind: 'enum', options: ['a', 'b'] }, 'c')).to.deep.equal({ error: 'one of a, b' });
      expect(parseField({ kind: 'text' }, ' kept as typed ')).to.deep.equal({ value: ' kept as typed ' });
    });

    it('offers a reference only the top-level beans of its kind', () => {
      const beans = [bean('a', 'LevelStateStore', ['StateStore']), bean('b', 'FetchHttp', ['Processor']), bean('c.inner', 'LevelStateStore', ['StateStore'], [], true)];
      expect(compatibleBeans(beans, 'StateStore')).to.deep.equal(['a']);
    });

    it('offers a bean\'s swap only components of every kind its referrers need, never itself or an ignored one', () => {
      const frontier = bean('frontier', 'LevelFrontier', ['Frontier', 'QueueLister']);
      const controller = bean('crawlController', 'CrawlController', ['CrawlController'], [{ name: 'frontier', kind: 'Frontier', shape: 'one', ids: ['frontier'], autowired: true }]);
      const components = [component('LevelFrontier', ['Frontier']), component('MemoryFrontier', ['Frontier']), component('BdbFrontier', ['Frontier'], 'Heritrix only'), component('FetchHttp', ['Processor'])];
      expect(swapCandidates(components, [frontier, controller], frontier).map((c) => c.name)).to.deep.equal(['MemoryFrontier']);
    });
  });

  describe('the SURT prefix tree of the sheets page', () => {
    it('cuts a prefix into scheme, host parts and path segments', () => {
      expect(surtParts('http://(org,example,)/docs/a')).to.deep.equal(['http://(', 'org,', 'example,', ')/', 'docs/', 'a']);
      expect(surtParts('http://(org,example,')).to.deep.equal(['http://(', 'org,', 'example,']);
      expect(surtParts('weird')).to.deep.equal(['weird']);
    });

    it('puts longer prefixes under the shorter ones they extend, joining the parts that apply nothing', () => {
      const tree = compactTree(surtTree([
        { association: 'site', prefixes: ['http://(org,example,'], sheets: ['slow'] },
        { association: 'docs', prefixes: ['http://(org,example,)/docs/'], sheets: ['slow', 'deep'] },
        { association: 'other', prefixes: ['http://(com,example,'], sheets: ['fast'] },
      ]));
      expect(tree).to.have.length(1);
      const [root] = tree;
      expect(root.label).to.equal('http://(');
      expect(root.children.map((c) => [c.label, c.applied.map((a) => a.association)])).to.deep.equal([['com,example,', ['other']], ['org,example,', ['site']]]);
      const docs = root.children[1].children[0];
      expect({ label: docs.label, prefix: docs.prefix, sheets: docs.applied[0].sheets }).to.deep.equal({ label: ')/docs/', prefix: 'http://(org,example,)/docs/', sheets: ['slow', 'deep'] });
    });
  });

  describe('the rate chart\'s series', () => {
    it('takes the history up to the first live tick, then the rates between ticks, x always ascending', () => {
      const history = [
        { at: '2026-11-26T10:00:00Z', discovered: 0, queued: 0, downloaded: 0, documentsPerSecond: 1, kibPerSecond: 2, failures: 0, busyThreads: 1 },
        { at: '2026-11-26T10:00:20Z', discovered: 0, queued: 0, downloaded: 0, documentsPerSecond: 9, kibPerSecond: 9, failures: 0, busyThreads: 1 },
      ];
      const t0 = Date.parse('2026-11-26T10:00:10Z');
      const ticks = [{ at: t0, run: 'r', documents: 10, bytes: 0 }, { at: t0 + 2000, run: 'r', documents: 14, bytes: 4096 }, { at: t0 + 1000, run: 'r', documents: 20, bytes: 0 }];
      const [x, docs, kib] = rateSeries(history, ticks);
      expect(x).to.deep.equal([Date.parse('2026-11-26T10:00:00Z') / 1000, (t0 + 2000) / 1000]);
      expect(docs).to.deep.equal([1, 2]);
      expect(kib).to.deep.equal([2, 2]);
    });
  });

  describe('values and numbers as the console writes them', () => {
    it('types an input\'s text like the value it replaces', () => {
      expect(typedValue('5', 3)).to.equal(5);
      expect(typedValue('true', false)).to.equal(true);
      expect(typedValue('five', 3)).to.equal('five');
      expect(valueText(['a'])).to.equal('["a"]');
      expect(valueText(undefined)).to.equal('–');
    });

    it('writes counts, sizes and durations', () => {
      expect(count(12345)).to.equal('12,345');
      expect(bytes(1536)).to.equal('1.5 KiB');
      expect(duration(3_725_000)).to.equal('1 h 02 min');
      expect(duration(65_000)).to.equal('1 min 05 s');
      expect(linesOf(' a \n# no\n\nb')).to.deep.equal(['a', 'b']);
    });
  });
});
