import { relative } from 'node:path';
import type { ResolvedBean } from '../../beans/resolve/resolved-bean.js';
import { describeOrigin } from '../../beans/resolve/describe-origin.js';
import { verifyJob } from '../../job/verify-job.js';
import { formatDiagnostic, isError } from '../../util/diagnostic.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_ERROR, EXIT_OK } from '../../util/exit-codes.js';
import type { Output } from '../output.js';
import { SET_OPTION } from '../set-option.js';

/** `beancrawl beans JOB|FILE`: the resolved graph with each value's source. */
export const beansCommand = defineCommand({
  names: ['beans'],
  operands: { usage: 'JOB|FILE', min: 1, max: 1, needs: 'a job folder or bean file' },
  options: { set: SET_OPTION },
  summary: 'Print the resolved bean graph, each value with where it came from.',
  details: 'Every bean, its class, and each property\'s value with its source: default, file:line, '
    + 'override file:line, --set N, or autowired.',
  run: ({ operands: [target], options }, io) => beans(target, options.set, io),
});

async function beans(target: string, sets: readonly string[], io: Output): Promise<number> {
  const result = await verifyJob(target, { sets });
  if (result.resolved && (result.level === 3 || !result.diagnostics.some(isError))) {
    for (const bean of result.resolved.beans) io.out(describeBean(bean));
  }
  for (const d of result.diagnostics) io.err(formatDiagnostic(d));
  return result.diagnostics.some(isError) ? EXIT_ERROR : EXIT_OK;
}

function describeBean(bean: ResolvedBean): string {
  const head = `${bean.id} (${bean.descriptor.name})  ${where(bean.def.loc)}`;
  const lines = [head];
  const names = [...Object.keys(bean.descriptor.props), ...Object.keys(bean.descriptor.refs ?? {})];
  for (const name of names) {
    const ref = bean.refs.find((r) => r.property === name);
    if (ref) {
      const value = ref.shape === 'one' ? ref.ids[0] : `[${ref.ids.join(', ')}]`;
      lines.push(`  ${name} -> ${value}  [${ref.autowired ? 'autowired' : describeOrigin(bean.origins.get(name), where)}]`);
    } else if (name in bean.config) {
      lines.push(`  ${name} = ${JSON.stringify(bean.config[name])}  [${describeOrigin(bean.origins.get(name), where)}]`);
    }
  }
  return lines.join('\n');
}

function where(loc: { file: string; line: number; column: number }): string {
  const file = loc.file.startsWith('/') ? relative(process.cwd(), loc.file) || loc.file : loc.file;
  return `${file}:${loc.line}:${loc.column}`;
}
