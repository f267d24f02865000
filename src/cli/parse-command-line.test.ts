import { expect } from 'chai';
import { defineCommand, type CliCommand } from './cli-command.js';
import { EXIT_OK } from '../util/exit-codes.js';
import { parseCommandLine } from './parse-command-line.js';
import { SET_OPTION } from './set-option.js';
import { UsageError } from './usage-error.js';

const fetchCommand: CliCommand = defineCommand({
  names: ['fetch', 'get'],
  operands: { usage: 'JOB URL...', min: 1, max: 3, needs: 'a job', example: 'JOB URL…' },
  options: {
    dry: { description: 'a flag' },
    to: { value: 'DIR', description: 'one value' },
    set: SET_OPTION,
  },
  summary: 'A command for these tests.',
  run: async () => EXIT_OK,
});

function usageError(args: string[]): string {
  try {
    parseCommandLine(fetchCommand, 'get', args);
  } catch (e) {
    expect(e).to.be.instanceOf(UsageError);
    return (e as Error).message;
  }
  throw new Error(`no usage error for ${args.join(' ')}`);
}

describe('parseCommandLine', () => {
  it('gives flags as booleans, a value or undefined, and repeatable values as a list', () => {
    expect(parseCommandLine(fetchCommand, 'get', ['j', 'u1', '--set', 'a.b=1', '--to', 'out', '--set', 'a.c=2'])).to.deep.equal({
      command: 'get', operands: ['j', 'u1'], options: { dry: false, to: 'out', set: ['a.b=1', 'a.c=2'] },
    });
    expect(parseCommandLine(fetchCommand, 'fetch', ['--dry', 'j'])).to.deep.equal({
      command: 'fetch', operands: ['j'], options: { dry: true, to: undefined, set: [] },
    });
  });

  it('returns "help" for --help or -h, even without the operands', () => {
    expect(parseCommandLine(fetchCommand, 'get', ['--help'])).to.equal('help');
    expect(parseCommandLine(fetchCommand, 'get', ['j', '-h'])).to.equal('help');
  });

  it('names what is missing, with an example of the line', () => {
    expect(usageError([])).to.equal('get needs a job: beancrawl get JOB URL…');
  });

  it('refuses an unknown option, a flag given a value, a value left out, and one operand too many', () => {
    expect(usageError(['j', '--colour'])).to.equal("Unknown option '--colour'");
    expect(usageError(['j', '--dry=yes'])).to.equal("Option '--dry' does not take an argument");
    expect(usageError(['j', '--to'])).to.equal("Option '--to <value>' argument missing");
    expect(usageError(['j', 'a', 'b', 'c'])).to.equal('unexpected argument "c"');
  });

  it('runs each value through its option\'s check', () => {
    expect(usageError(['j', '--set', 'a.b=1', '--set', 'noDot=1'])).to.equal('--set expects beanId.property=value, got "noDot=1"');
  });

  it('keeps Node\'s own message for an operand given to a command that takes none', () => {
    const bare = defineCommand({ names: ['bare'], options: {}, summary: 'No operands.', run: async () => EXIT_OK });
    expect(() => parseCommandLine(bare, 'bare', ['x'])).to.throw(UsageError, /^Unexpected argument 'x'/);
  });
});
