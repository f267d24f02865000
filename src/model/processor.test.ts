import { expect } from 'chai';
import { CrawlUri } from './crawl-uri.js';
import { DecideResult } from './decide-result.js';
import type { DecideRule } from './decide-rule.js';
import { PROCEED, Processor, type ProcessResult } from './processor.js';
import { SheetOverlay } from '../sheets/sheet-overlay.js';

class Counting extends Processor {
  seen: unknown[] = [];
  protected innerProcess(_curi: CrawlUri, c: Readonly<Record<string, unknown>>): ProcessResult {
    this.seen.push(c.label);
    return PROCEED;
  }
}

const answering = (d: DecideResult): DecideRule => ({ decisionFor: () => d });

describe('Processor', () => {
  it('skips a URI only when shouldProcessRule says REJECT, as Heritrix does (NONE processes it)', () => {
    for (const [answer, processed] of [[DecideResult.ACCEPT, 1], [DecideResult.NONE, 1], [DecideResult.REJECT, 0]] as const) {
      const p = new Counting({ enabled: true, shouldProcessRule: answering(answer) });
      p.process(new CrawlUri('http://example.org/'));
      expect(p.processed, answer).to.equal(processed);
    }
  });

  it('hands innerProcess the configuration as the URI sees it: its sheets applied, once', () => {
    const p = new Counting({ enabled: true, shouldProcessRule: undefined, label: 'base' });
    p.beanName = 'counting';
    const sheeted = new CrawlUri('http://example.org/');
    sheeted.overlay = new SheetOverlay('s', [{ name: 's', values: new Map([['counting', { label: 'sheet' }]]) }]);
    p.process(new CrawlUri('http://example.org/'));
    p.process(sheeted);
    expect(p.seen).to.deep.equal(['base', 'sheet']);
  });

  it('is switched off per URI by a sheet on enabled', () => {
    const p = new Counting({ enabled: true, shouldProcessRule: undefined });
    p.beanName = 'counting';
    const off = new CrawlUri('http://example.org/');
    off.overlay = new SheetOverlay('off', [{ name: 'off', values: new Map([['counting', { enabled: false }]]) }]);
    p.process(off);
    expect(p.processed).to.equal(0);
  });
  it('takes new base values while it runs (reconfigure): later URIs see them, with their sheets still on top', () => {
    const p = new Counting({ enabled: true, shouldProcessRule: undefined, label: 'base', other: 1 });
    p.beanName = 'counting';
    const overlay = new SheetOverlay('s', [{ name: 's', values: new Map([['counting', { label: 'sheet' }]]) }]);
    const sheeted = new CrawlUri('http://example.org/a');
    sheeted.overlay = overlay;
    expect(p.configFor(sheeted)).to.include({ label: 'sheet', other: 1 });
    p.reconfigure({ label: 'changed', other: 2 });
    expect(p.config).to.include({ label: 'changed', other: 2 });
    const later = new CrawlUri('http://example.org/b');
    later.overlay = overlay;
    expect(p.configFor(later)).to.include({ label: 'sheet', other: 2 });
    p.process(new CrawlUri('http://example.org/c'));
    expect(p.seen).to.deep.equal(['changed']);
  });
});
