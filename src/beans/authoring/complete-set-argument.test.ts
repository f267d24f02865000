import { expect } from 'chai';
import { context, cursor, profile } from '../../../test/support/authoring.js';
import { completeSetArgument } from './complete-set-argument.js';

describe(completeSetArgument.name, () => {
  const beanFile = { text: profile('default.xml'), format: 'xml' as const };
  const complete = (marked: string) => {
    const { text, offset } = cursor(marked);
    return completeSetArgument(text, offset, beanFile, context);
  };

  it('completes bean ids, then properties through inner beans, for --set paths', () => {
    expect(complete('fetch|').map((c) => c.label)).to.include.members(['fetchHttp', 'fetchDns', 'fetchProcessors']);
    const cs = complete('seeds.textSource.v|');
    expect(cs.map((c) => [c.label, c.kind, c.replaceFrom, c.replaceTo])).to.deep.equal([['value', 'overrideKey', 17, 18]]);
  });

  it('completes the value after =', () => {
    expect(complete('fetchHttp.acceptCompression=|').map((c) => [c.label, c.detail])).to.deep.equal([['true', 'default'], ['false', undefined]]);
    expect(complete('acceptSurts.decision=R|').map((c) => [c.label, c.replaceFrom, c.replaceTo])).to.deep.equal([['ACCEPT', 21, 22], ['REJECT', 21, 22]]);
  });

  it('reads JSON bean files too', () => {
    const json = { text: profile('default.json'), format: 'json' as const };
    expect(completeSetArgument('disposition.', 12, json, context).map((c) => c.label)).to.include('minDelayMs');
  });
});
