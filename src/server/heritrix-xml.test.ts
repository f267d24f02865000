import { expect } from 'chai';
import { XMLParser } from 'fast-xml-parser';
import { representationOf } from './heritrix-representation.js';
import { toXml } from './heritrix-xml.js';

describe(toXml.name, () => {
  it('writes maps as elements in order, lists as <value> items, null as an empty element, and leaves undefined out', () => {
    expect(toXml('engine', { a: 1, b: ['x', 'y'], c: null, d: undefined, e: { f: true }, g: [] })).to.equal([
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<engine>', '  <a>1</a>', '  <b>', '    <value>x</value>', '    <value>y</value>', '  </b>', '  <c/>', '  <e>', '    <f>true</f>', '  ' +
        '</e>', '  <g/>', '</engine>', '',
    ].join('\n'));
  });

  it('keeps crawled strings data: markup escaped, characters XML cannot hold dropped', () => {
    const hostile = '</value><script>alert(1)</script>&amp;]]><!-- \u0000\u0008\ufffe "\'';
    const xml = toXml('job', { crawlLogTail: [hostile] });
    expect(xml).not.to.contain('<script>');
    const parsed = new XMLParser({ processEntities: true, htmlEntities: false }).parse(xml) as { job: { crawlLogTail: { value: string } } };
    expect(parsed.job.crawlLogTail.value).to.equal('</value><script>alert(1)</script>&amp;]]><!--  "\'');
  });

  it('puts a namespace on the root only, and makes a name of a key that is not one', () => {
    const xml = toXml('problem', { status: 400, validation: [{ 'bad key': 'x' }] }, { itemName: 'i', namespace: 'urn:ietf:rfc:7807' });
    expect(xml).to.contain('<problem xmlns="urn:ietf:rfc:7807">').and.contain('<i>').and.contain('<_bad_key>x</_bad_key>');
  });
});

describe(representationOf.name, () => {
  it('answers XML unless JSON is preferred', () => {
    expect(representationOf(undefined)).to.equal('xml');
    expect(representationOf('*/*')).to.equal('xml');
    expect(representationOf('text/html')).to.equal('xml');
    expect(representationOf('application/xml')).to.equal('xml');
    expect(representationOf('application/json')).to.equal('json');
    expect(representationOf('application/xml;q=0.5, application/json')).to.equal('json');
    expect(representationOf('application/json;q=0.5, text/xml')).to.equal('xml');
    expect(representationOf('application/*;q=0.9, application/xml;q=0.1')).to.equal('json');
  });
});
