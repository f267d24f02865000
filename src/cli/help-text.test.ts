import { expect } from 'chai';
import { COMMANDS } from './command-table.js';
import { commandHelp, helpText, usageLine } from './help-text.js';
import { launchCommand } from './commands/launch-command.js';

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('help text', () => {
  it('shows each option of a command in its usage line, as the parser reads it', () => {
    expect(usageLine(launchCommand)).to.equal('launch JOB [--fresh] [--forget-history] [--checkpoint NAME|latest] [--dry-run-deletes] [--paused] ' +
      '[--worker-id ID] [--set bean.path=value]...');
  });

  it('gives each command its own help: usage, what it does, every option with its description', () => {
    for (const c of COMMANDS) {
      const help = oneLine(commandHelp(c));
      expect(help).to.contain(`Usage: beancrawl ${usageLine(c)} ${c.summary}`);
      if (c.details) expect(help).to.contain(oneLine(c.details));
      for (const [name, o] of Object.entries(c.options)) expect(help).to.contain(`--${name}${o.value ? ` ${o.value}` : ''} ${o.description}`);
    }
  });

  it('fits an 80-column terminal', () => {
    const lines = [helpText(), ...COMMANDS.map(commandHelp)].flatMap((text) => text.split('\n'));
    expect(lines.filter((l) => l.length > 80)).to.deep.equal([]);
  });
});
