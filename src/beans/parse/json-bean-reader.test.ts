import { expect } from 'chai';
import { readJsonBeanFile } from './json-bean-reader.js';

const read = (source: string) => readJsonBeanFile('f.json', source, { maxNestingDepth: 100 });
const at = (line: number, column: number) => ({ file: 'f.json', line, column });

describe(readJsonBeanFile.name, () => {
  const src = `{
  "$schema": "../docs/reference/bean-file.schema.json",
  "imports": ["other.json"],
  "beans": {
    "scope": {
      "class": "DecideRuleSequence",
      "properties": {
        "enabled": true,
        "rules": [{ "class": "RejectDecideRule" }, { "ref": "accept" }],
        "labels": { "a": "b" }
      }
    }
  }
}`;

  it('locates beans at their key, properties at their key and values at their first character', () => {
    const { model, diagnostics } = read(src);
    expect(diagnostics).to.deep.equal([]);
    const scope = model!.beans[0];
    expect(scope.loc).to.deep.equal(at(5, 5));
    expect(scope.classLoc).to.deep.equal(at(6, 16));
    expect(scope.properties[0]).to.deep.include({ name: 'enabled', loc: at(8, 9) });
    expect(scope.properties[0].value).to.deep.equal({ kind: 'literal', value: true, loc: at(8, 20) });
    expect(model!.imports).to.deep.equal([{ resource: 'other.json', loc: at(3, 15) }]);
  });

  it('reads inner beans, references and maps', () => {
    const scope = read(src).model!.beans[0];
    const rules = scope.properties[1].value;
    expect(rules.kind === 'list' && rules.items.map((i) => i.kind)).to.deep.equal(['bean', 'ref']);
    expect(scope.properties[2].value.kind).to.equal('map');
  });

  it('reads "autowireCandidate": false as XML\'s autowire-candidate="false", and only a boolean', () => {
    expect(read('{"beans": {"history": {"class": "BdbModule", "autowireCandidate": false}}}').model!.beans[0].autowireCandidate).to.equal(false);
    expect(read('{"beans": {"state": {"class": "BdbModule"}}}').model!.beans[0].autowireCandidate).to.equal(undefined);
    expect(read('{"beans": {"s": {"class": "BdbModule", "autowireCandidate": "no"}}}').diagnostics[0].message).to.contain('"autowireCandidate" ' +
      'must be true or false');
  });

  it('refuses comments and trailing commas, located', () => {
    expect(read('{\n // no\n "beans": {}}').diagnostics[0]).to.deep.include({ code: 'BC_JSON_SYNTAX', location: at(2, 2) });
    expect(read('{"beans": {},}').diagnostics[0].code).to.equal('BC_JSON_SYNTAX');
  });

  it('reports a trailing comma as one, at the comma\'s own line and column', () => {
    expect(read('{"beans": {},\n}').diagnostics).to.deep.equal([{ code: 'BC_JSON_SYNTAX', location: at(1, 13), message: 'trailing comma before ' +
      '"}": JSON allows none; remove it' }]);
    expect(read('{"beans": {"a": {"class": "X", "properties": {"l": [1,\n  2,\n\n  ]}}}}').diagnostics).to.deep.equal([
      { code: 'BC_JSON_SYNTAX', location: at(2, 4), message: 'trailing comma before "]": JSON allows none; remove it' },
    ]);
    expect(read('{"beans": {"a": {"class": "X",   }}}').diagnostics[0]).to.deep.include({ location: at(1, 30) });
  });

  it('refuses duplicate keys at the second one', () => {
    expect(read('{"beans": {"a": {"class": "X"},\n "a": {"class": ' +
      '"Y"}}}').diagnostics[0]).to.deep.include({ code: 'BC_JSON_DUPLICATE_KEY', location: at(2, 2) });
  });

  it('refuses unknown top-level and bean keys', () => {
    expect(read('{"bean": {}}').diagnostics[0]).to.deep.include({ code: 'BC_JSON_SHAPE' });
    expect(read('{"beans": {"a": {"klass": "X"}}}').diagnostics[0].message).to.contain('no key "klass"');
  });

  it('refuses nesting deeper than maxNestingDepth before parsing', () => {
    expect(read(`{"beans": ${'['.repeat(10000)}${']'.repeat(10000)}}`).diagnostics[0].code).to.equal('BC_NESTING_TOO_DEEP');
  });
});
