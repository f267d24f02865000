import { expect } from 'chai';
import { parseJavaProperties } from './java-properties.js';

describe(parseJavaProperties.name, () => {
  it('reads =, : and white space separators, skipping comments and blank lines', () => {
    const entries = parseJavaProperties('# comment\n! also\n\na.b=1\nc.d : two words \ne.f 3');
    expect(entries.map((e) => [e.key, e.value])).to.deep.equal([['a.b', '1'], ['c.d', 'two words '], ['e.f', '3']]);
  });

  it('gives the offsets of key and value', () => {
    const [e] = parseJavaProperties('\n  metadata.jobName = basic');
    expect(e).to.include({ keyOffset: 3, valueOffset: 22 });
  });

  it('joins continuation lines and unescapes', () => {
    const [e] = parseJavaProperties('a=one \\\n    two\\tthree \\u0041');
    expect(e.value).to.equal('one two\tthree A');
  });

  it('marks a line without a separator or value as malformed', () => {
    expect(parseJavaProperties('metadata.description')[0].malformed).to.equal(true);
    expect(parseJavaProperties('a=')[0].malformed).to.equal(false);
  });
});
