import { expect } from 'chai';
import { COMMANDS, PLANNED_COMMANDS } from './command-table.js';

describe('the command table', () => {
  it('gives each name to one command, and none to a planned command or to help', () => {
    const names = COMMANDS.flatMap((c) => c.names);
    expect(new Set(names).size, names.join(' ')).to.equal(names.length);
    for (const taken of [...PLANNED_COMMANDS, 'help']) expect(names).not.to.include(taken);
  });

  it('leaves --help and --debug to the command line as a whole', () => {
    for (const c of COMMANDS) {
      for (const reserved of ['help', 'debug']) expect(c.options, c.names.join('|')).not.to.have.property(reserved);
    }
  });

  it('has a one-line summary for each command, short enough for its line of --help', () => {
    for (const c of COMMANDS) {
      expect(c.summary, c.names.join('|')).to.match(/^[A-Z][^\n]*\.$/);
      expect(c.summary.length, c.summary).to.be.at.most(74);
    }
  });
});
