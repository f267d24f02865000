import { expect } from 'chai';
import { defineComponent } from '../registry/component-descriptor.js';
import { PRECOMPILED_VALIDATORS } from './precompiled-validators.js';
import { PropValidator } from './prop-validator.js';

describe('PropValidator', () => {
  it('checks values against the schema, defaults filled in', () => {
    const d = defineComponent({ name: 'TestThing', description: 'x', kinds: [], props: { n: { type: 'integer', default: 3, description: 'n' } } });
    const config: Record<string, unknown> = {};
    expect(new PropValidator().validate(d, config)).to.deep.equal([]);
    expect(config).to.deep.equal({ n: 3 });
    expect(new PropValidator().validate(d, { n: 'a' })).to.have.length(1);
  });

  it('compiles its own for a component whose schema is not the one its precompiled validator was made from', () => {
    // The build's table holds FetchHttp, whose schema has no property `extra`; the stand-in holds none.
    const d = defineComponent({ name: 'FetchHttp', description: 'x', kinds: [], props: { extra: { type: 'integer', description: 'extra' } } });
    expect(new PropValidator().validate(d, { extra: 5 })).to.deep.equal([]);
    expect(new PropValidator().validate(d, { extra: 'five' })[0]?.instancePath).to.equal('/extra');
  });

  it('the build\'s table gives each validator with the text of its schema', () => {
    const made = PRECOMPILED_VALIDATORS.FetchHttp?.();
    if (made === undefined) return; // The stand-in (a build by tsc alone).
    expect(JSON.parse(made.schema)).to.have.property('type', 'object');
    expect(made.validate).to.be.a('function');
  });
});
