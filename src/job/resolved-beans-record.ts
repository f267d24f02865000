import { writeFile } from 'node:fs/promises';
import { describeOrigin } from '../beans/resolve/describe-origin.js';
import type { ResolvedBean, ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import type { SourceLocation } from '../util/source-location.js';
import { VERSION } from '../util/version.js';
import { redactUrlPasswords } from '../util/url/url-password.js';

/** The file each run folder (and each checkpoint taken in it) keeps of the beans it ran with. */
export const RESOLVED_BEANS_FILE = 'resolved-beans.json';

/**
 * Writes the resolved graph as the crawl ran it: every bean's class, each value after defaults,
 * overrides and `--set` (with where it came from), and each reference by bean id. It is a record
 * of what ran, for operators and checkpoints; the bean file stays the job's source.
 */
export async function writeResolvedBeans(path: string, graph: ResolvedGraph): Promise<void> {
  const record = { beancrawl: VERSION, writtenAt: new Date().toISOString(), beans: graph.beans.map(beanRecord) };
  // A mailbox seed's password (imap://user:password@host/) is not recorded.
  await writeFile(path, `${redactUrlPasswords(JSON.stringify(record, null, 1))}\n`);
}

function beanRecord(bean: ResolvedBean): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(bean.config)) {
    values[name] = { value, from: describeOrigin(bean.origins.get(name), where) };
  }
  const refs: Record<string, string | string[] | Record<string, string>> = {};
  for (const ref of bean.refs) {
    if (ref.shape === 'one') refs[ref.property] = ref.ids[0];
    else if (ref.shape === 'map' && ref.keys) refs[ref.property] = Object.fromEntries(ref.keys.map((k, i) => [k, ref.ids[i]]));
    else refs[ref.property] = [...ref.ids];
  }
  return { id: bean.id, class: bean.descriptor.name, at: where(bean.def.loc), values, refs };
}

function where(loc: SourceLocation): string {
  return `${loc.file}:${loc.line}:${loc.column}`;
}
