import { expect } from 'chai';
import { COMMANDS, PLANNED_COMMANDS } from '../../src/cli/command-table.js';
import { usageLine } from '../../src/cli/help-text.js';
import { EXIT_CODES, exitCodesSentence } from '../../src/util/exit-codes.js';
import { runCli } from '../support/run-cli.js';
import { documentedIn } from './docs-index.js';

/** The usage line under each command's heading in the page the docs index names for commands. */
async function guideUsages(): Promise<{ usages: string[]; text: string; path: string }> {
  const { path, text } = await documentedIn('command');
  const usages = [...text.matchAll(/^## .*\n\n`(beancrawl [^`]*)`$/gm)].map((m) => m[1].replaceAll('…', '...'));
  return { usages, text, path };
}

const usages = COMMANDS.map((c) => `beancrawl ${usageLine(c)}`);

describe('the commands as documented', () => {
  it('the command line guide has a section for each command, with its usage line, and no other', async () => {
    const guide = await guideUsages();
    expect([...guide.usages].sort(), `${guide.path} against src/cli/command-table.ts`).to.deep.equal([...usages].sort());
  });

  it('the command line guide names the commands still to come', async () => {
    const { text } = await guideUsages();
    for (const name of PLANNED_COMMANDS) expect(text).to.match(new RegExp(`Not available yet:.*\`${name}\``));
  });

  it('beancrawl --help lists each command with its usage and summary', async () => {
    const r = await runCli(['--help']);
    expect(r.code).to.equal(0);
    const help = r.stdout.replace(/\s+/g, ' ');
    for (const c of COMMANDS) expect(help).to.contain(`beancrawl ${usageLine(c)} ${c.summary}`);
  });

  it('the documented exit codes are src/util/exit-codes.ts\'s, each with its meaning, and no other', async () => {
    const { path, text } = await documentedIn('exit code');
    const section = /^## Exit codes\n[\s\S]*?\n\n((?:\|.*\n)+)/m.exec(text)?.[1] ?? '';
    const rows = [...section.matchAll(/^\| (\d+) \| (.*) \|$/gm)].map((m) => ({ code: Number(m[1]), meaning: m[2] }));
    expect(rows, `${path} "Exit codes" against src/util/exit-codes.ts`).to.deep.equal(EXIT_CODES.map(({ code, meaning }) => ({ code, meaning })));
  });

  it('every option of every command is documented, in its command\'s section', async () => {
    const { path, text } = await documentedIn('command option');
    const sections = text.split(/^## /m);
    for (const c of COMMANDS) {
      const section = sections.find((s) => s.includes(`\`beancrawl ${usageLine(c)}\``));
      expect(section, `${path}: a section for beancrawl ${c.names[0]}`).to.be.a('string');
      for (const name of Object.keys(c.options)) expect(section, `${path}: beancrawl ${c.names[0]} --${name}`).to.contain(`- \`--${name}`);
    }
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
