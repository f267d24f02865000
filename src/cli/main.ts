import { parseArgs } from 'node:util';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { formatDiagnostic } from '../util/diagnostic.js';
import { timestamp17 } from '../util/timestamp17.js';
import { VERSION } from '../util/version.js';
import { beansCommand } from './commands/beans-command.js';
import { verifyCommand } from './commands/verify-command.js';
import { EXIT_ERROR, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { HELP, PLANNED_COMMANDS } from './help-text.js';
import { processOutput, type Output } from './output.js';
import { UsageError } from './usage-error.js';

/** Runs one beancrawl command and returns its exit code; never throws. */
export async function run(argv: readonly string[], io: Output = processOutput): Promise<number> {
  const debug = argv.includes('--debug');
  try {
    return await dispatch(argv.filter((a) => a !== '--debug'), io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`beancrawl: ${e.message}\nRun "beancrawl --help" for usage.`);
      return EXIT_USAGE;
    }
    if (e instanceof BeancrawlError) {
      for (const d of e.diagnostics) io.err(formatDiagnostic(d));
      return EXIT_ERROR;
    }
    io.err(`beancrawl: internal error: ${(e as Error)?.message ?? String(e)}${debug ? `\n${(e as Error)?.stack ?? ''}` : '\n(run with --debug for the stack trace)'}`);
    return EXIT_ERROR;
  }
}

async function dispatch(argv: readonly string[], io: Output): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(HELP);
    return command === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (command === '--version' || command === '-v') {
    io.out(VERSION);
    return EXIT_OK;
  }
  switch (command) {
    case 'verify':
    case 'beans': {
      const { target, sets } = targetAndSets(command, rest);
      return command === 'verify' ? verifyCommand(target, sets, io) : beansCommand(target, sets, io);
    }
    case 'launch': {
      const { values, positionals } = options(rest, { set: { type: 'string', multiple: true }, fresh: { type: 'boolean' }, 'forget-history': { type: 'boolean' }, 'dry-run-deletes': { type: 'boolean' }, checkpoint: { type: 'string' } }, 1);
      if (positionals.length !== 1) throw new UsageError('launch needs a job folder or bean file: beancrawl launch JOB');
      if (values.checkpoint !== undefined && values.fresh) throw new UsageError('--checkpoint and --fresh cannot go together: a checkpoint is a run to resume');
      const { launchCommand } = await import('./commands/launch-command.js');
      return launchCommand(positionals[0], checkSets((values.set as string[] | undefined) ?? []), io, {
        fresh: Boolean(values.fresh), forgetHistory: Boolean(values['forget-history']), checkpoint: values.checkpoint as string | undefined,
        dryRunDeletes: Boolean(values['dry-run-deletes']),
      });
    }
    case 'create': {
      const { values, positionals } = options(rest, { profile: { type: 'string' }, seed: { type: 'string', multiple: true }, contact: { type: 'string' } }, 1);
      if (positionals.length !== 1) throw new UsageError('create needs a job folder: beancrawl create JOB --profile NAME');
      const { createCommand } = await import('./commands/create-command.js');
      return createCommand({ job: positionals[0], profile: (values.profile as string | undefined) ?? 'default', seeds: (values.seed as string[] | undefined) ?? [], contact: values.contact as string | undefined }, io);
    }
    case 'crawl':
      return crawlCommand(rest, io);
    case 'status':
    case 'checkpoint':
    case 'pause':
    case 'unpause':
    case 'terminate': {
      const { positionals } = options(rest, {}, 1);
      if (positionals.length !== 1) throw new UsageError(`${command} needs a job: beancrawl ${command} JOB`);
      const { controlCommand } = await import('./commands/control-command.js');
      return controlCommand(command, positionals[0], io);
    }
    case 'explain': {
      const { values, positionals } = options(rest, { set: { type: 'string', multiple: true }, json: { type: 'boolean' } }, Infinity);
      if (positionals.length < 1) throw new UsageError('explain needs a job: beancrawl explain JOB URL… (or URLs on stdin)');
      const { explainCommand } = await import('./commands/explain-command.js');
      return explainCommand(positionals[0], positionals.slice(1), checkSets((values.set as string[] | undefined) ?? []), Boolean(values.json), io);
    }
    case 'schema': {
      options(rest, {});
      const [{ beanFileSchema }, { builtInRegistry }] = await Promise.all([import('../beans/schema/bean-file-schema.js'), import('../catalog/catalog.js')]);
      io.out(JSON.stringify(beanFileSchema(builtInRegistry()), null, 2));
      return EXIT_OK;
    }
    case 'docs': {
      const { values } = options(rest, { errors: { type: 'boolean' } });
      if (values.errors) {
        const { errorDocs } = await import('../util/error-docs.js');
        io.out(errorDocs());
      } else {
        const [{ beanDocs }, { builtInRegistry }] = await Promise.all([import('../beans/schema/bean-docs.js'), import('../catalog/catalog.js')]);
        io.out(beanDocs(builtInRegistry()));
      }
      return EXIT_OK;
    }
    default:
      if (PLANNED_COMMANDS.has(command)) throw new UsageError(`"${command}" is not available in this version yet`);
      throw new UsageError(`unknown command "${command}"`);
  }
}

/** `beancrawl crawl URL… [--profile NAME] [--contact URL] [--job DIR] [--set …]`: create, then launch. */
async function crawlCommand(args: readonly string[], io: Output): Promise<number> {
  const { values, positionals } = options(args, { profile: { type: 'string' }, contact: { type: 'string' }, job: { type: 'string' }, set: { type: 'string', multiple: true } }, Infinity);
  if (positionals.length === 0) throw new UsageError('crawl needs at least one URL: beancrawl crawl URL… --contact URL');
  const sets = checkSets((values.set as string[] | undefined) ?? []);
  const job = (values.job as string | undefined) ?? defaultJobDir(positionals[0]);
  const [{ createCommand }, { launchCommand }] = await Promise.all([import('./commands/create-command.js'), import('./commands/launch-command.js')]);
  const created = await createCommand({ job, profile: (values.profile as string | undefined) ?? 'site-mirror', seeds: positionals, contact: values.contact as string | undefined }, io);
  return created === 0 ? launchCommand(job, sets, io) : created;
}

function defaultJobDir(url: string): string {
  let host = 'crawl';
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`).host.replace(/[^\w.-]+/g, '_');
  } catch {
    // keep the generic name
  }
  return `jobs/${host}-${timestamp17(Date.now()).slice(0, 14)}`;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

function options(args: readonly string[], spec: OptionSpec, positionals = 0) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: spec, allowPositionals: positionals > 0, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`);
  return parsed;
}

function targetAndSets(command: string, args: readonly string[]): { target: string; sets: string[] } {
  const { values, positionals } = options(args, { set: { type: 'string', multiple: true } }, 1);
  if (positionals.length !== 1) throw new UsageError(`${command} needs a job folder or bean file: beancrawl ${command} JOB|FILE`);
  return { target: positionals[0], sets: checkSets((values.set as string[] | undefined) ?? []) };
}

function checkSets(sets: string[]): string[] {
  for (const s of sets) {
    if (!/^[^=.]+\.[^=]+=/.test(s)) throw new UsageError(`--set expects beanId.property=value, got "${s}"`);
  }
  return sets;
}
