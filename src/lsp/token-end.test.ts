import { expect } from 'chai';
import { tokenEnd } from './token-end.js';

/** The token that starts at the `|` of a marked text. */
function token(marked: string, format: 'xml' | 'json'): string {
  const from = marked.indexOf('|');
  const text = marked.slice(0, from) + marked.slice(from + 1);
  return text.slice(from, tokenEnd(text, from, format));
}

describe('tokenEnd: the end of what a diagnostic located by its start is about', () => {
  it('an element name, an attribute value to its quote, an empty value with its quote', () => {
    expect(token('<beans>\n |<bean id="a">', 'xml')).to.equal('<bean');
    expect(token('<property name="|timeoutSecondz" value="1"/>', 'xml')).to.equal('timeoutSecondz');
    expect(token("<property name='|a b'/>", 'xml')).to.equal('a b');
    expect(token('<bean class="|"/>', 'xml')).to.equal('"');
  });

  it('an override key up to its =, a value element\'s text up to the next tag', () => {
    expect(token('<value>\n|metadata.jobNam=basic\n</value>', 'xml')).to.equal('metadata.jobNam');
    expect(token('<prop key="x">|\nhttp://a/\n</prop>', 'xml')).to.equal('\nhttp://a/\n');
  });

  it('a JSON string with its quotes and escapes, a JSON number', () => {
    expect(token('{"properties": {|"timeoutSecondz": 1}}', 'json')).to.equal('"timeoutSecondz"');
    expect(token('{"a": |"x\\"y"}', 'json')).to.equal('"x\\"y"');
    expect(token('{"a": |-5}', 'json')).to.equal('-5');
  });

  it('never an empty range inside the text', () => {
    expect(token('{"a": |}', 'json')).to.equal('}');
    expect(tokenEnd('abc', 3, 'xml')).to.equal(3);
  });
});
