import { expect } from 'chai';
import { candidateSurt } from './candidate-surt.js';

describe('candidateSurt', () => {
  it('is the SURT with https read as http, for one URI after another', () => {
    expect(candidateSurt('https://www.example.org/a')).to.equal('http://(org,example,www,)/a');
    expect(candidateSurt('https://www.example.org/a')).to.equal('http://(org,example,www,)/a');
    expect(candidateSurt('http://other.org:8080/')).to.equal('http://(org,other,:8080)/');
    expect(candidateSurt('dns:example.org')).to.equal('dns:example.org');
    expect(candidateSurt('https://www.example.org/a')).to.equal('http://(org,example,www,)/a');
  });
});
