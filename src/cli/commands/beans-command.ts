import { relative } from 'node:path';
import type { ResolvedBean } from '../../beans/resolve/resolved-bean.js';
import type { ValueOrigin } from '../../beans/resolve/resolved-bean.js';
import { verifyJob } from '../../job/verify-job.js';
import { formatDiagnostic, isError } from '../../util/diagnostic.js';
import { EXIT_ERROR, EXIT_OK } from '../exit-codes.js';
import type { Output } from '../output.js';

/** `beancrawl beans JOB|FILE`: the resolved graph with each value's source. */
export async function beansCommand(target: string, sets: readonly string[], io: Output): Promise<number> {
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
      lines.push(`  ${name} -> ${value}  [${ref.autowired ? 'autowired' : origin(bean.origins.get(name))}]`);
    } else if (name in bean.config) {
      lines.push(`  ${name} = ${JSON.stringify(bean.config[name])}  [${origin(bean.origins.get(name))}]`);
    }
  }
  return lines.join('\n');
}

function origin(o: ValueOrigin | undefined): string {
  if (!o || o.source === 'default') return 'default';
  if (o.source === 'set') return `--set ${o.loc.line}`;
  return `${o.source === 'override' ? 'override ' : ''}${where(o.loc)}`;
}

function where(loc: { file: string; line: number; column: number }): string {
  const file = loc.file.startsWith('/') ? relative(process.cwd(), loc.file) || loc.file : loc.file;
  return `${file}:${loc.line}:${loc.column}`;
}
