import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COMMANDS, PLANNED_COMMANDS } from '../../src/cli/command-table.js';
import { usageLine } from '../../src/cli/help-text.js';
import { EXIT_CODES, exitCodesSentence } from '../../src/util/exit-codes.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';

/** The first cell of each row of the README's "Command line" table, read as a usage line. */
async function readmeUsages(): Promise<{ usages: string[]; section: string }> {
  const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = /^## Command line\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? '';
  const usages = [...section.matchAll(/^\| `(beancrawl [^`]*)` \|/gm)].map((m) => m[1].replaceAll('\\|', '|').replaceAll('…', '...'));
  return { usages, section };
}

const usages = COMMANDS.map((c) => `beancrawl ${usageLine(c)}`);

describe('the commands as documented', () => {
  it('the README\'s command table has a row for each command, with its usage line, and no other', async () => {
    const readme = await readmeUsages();
    expect([...readme.usages].sort(), 'README.md "Command line" against src/cli/command-table.ts').to.deep.equal([...usages].sort());
  });

  it('the README names the commands still to come', async () => {
    const { section } = await readmeUsages();
    for (const name of PLANNED_COMMANDS) expect(section).to.match(new RegExp(`Not available yet:.*\`${name}\``));
  });

  it('beancrawl --help lists each command with its usage and summary', async () => {
    const r = await runCli(['--help']);
    expect(r.code).to.equal(0);
    const help = r.stdout.replace(/\s+/g, ' ');
    for (const c of COMMANDS) expect(help).to.contain(`beancrawl ${usageLine(c)} ${c.summary}`);
  });

  it('the README\'s exit codes are src/util/exit-codes.ts\'s, each with its meaning, and no other', async () => {
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
    const section = /^Exit codes, the same for every command.*\n\n((?:\|.*\n)+)/m.exec(readme)?.[1] ?? '';
    const rows = [...section.matchAll(/^\| (\d+) \| (.*) \|$/gm)].map((m) => ({ code: Number(m[1]), meaning: m[2] }));
    expect(rows, 'README.md "Exit codes" against src/util/exit-codes.ts').to.deep.equal(EXIT_CODES.map(({ code, meaning }) => ({ code, meaning })));
  });

  it('beancrawl --help and beancrawl help launch list every exit code', async () => {
    for (const args of [['--help'], ['help', 'launch']]) {
      const r = await runCli(args);
      expect(r.code, r.stderr).to.equal(0);
      const help = r.stdout.replace(/\s+/g, ' ');
      expect(help, `beancrawl ${args.join(' ')}`).to.contain(exitCodesSentence());
      for (const { code, brief } of EXIT_CODES) expect(help).to.contain(`${code} ${brief}`);
    }
  });
});
