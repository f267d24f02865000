import type { Explanation } from '../../job/explain-job.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_OK } from '../../util/exit-codes.js';
import { SET_OPTION } from '../set-option.js';
import { UsageError } from '../usage-error.js';

/** `beancrawl explain JOB URL…`: what the job will do with each URL (URLs from stdin when none are given). */
export const explainCommand = defineCommand({
  names: ['explain'],
  operands: { usage: 'JOB URL...', min: 1, max: Infinity, needs: 'a job', example: 'JOB URL… (or URLs on stdin)' },
  options: {
    json: { description: 'print one JSON array instead' },
    set: SET_OPTION,
  },
  summary: 'Say what the job would do with each URL, without fetching it.',
  details: 'For each URL (or each line of stdin): its normalised form, SURT, uniqueness and queue keys, '
    + 'every scope rule\'s verdict and the final decision, the crawler it is diverted to (a crawl mapper), the sheets that apply and the values they '
    + 'change, the politeness that applies, and (asked of the running crawl) its robots.txt verdict. While JOB\'s crawl runs, the running crawl ' +
      'answers (through JOB/.beancrawl.sock), '
    + 'with its values and sheets as they are now, live changes included; otherwise the configuration on disk is started for the '
    + 'question. Each answer says which (JSON: "from": "running-crawl" or "configuration"). --set applies to the configuration on '
    + 'disk only: with the crawl running it is refused (BC_JOB_RUNNING), since it could only change the running crawl; change '
    + 'a live value through the service (PATCH /api/v1/jobs/JOB/beans/BEAN.PROPERTY), or explain with --set once the crawl has ended.',
  async run({ operands: [target, ...urls], options }, io) {
    const list = urls.length ? urls : await readStdinLines();
    if (list.length === 0) throw new UsageError(`explain needs URLs: beancrawl explain ${target} URL… (or one URL a line on ` +
      `stdin${process.stdin.isTTY ? ', which is a terminal here' : ', which was empty'})`);
    // As for launch: the engine's modules are set up only when this command needs them.
    const { explainJob } = await import('../../job/explain-job.js');
    const explained = await explainJob(target, list, options.set);
    io.out(options.json ? JSON.stringify(explained, null, 2) : [answeredBy(explained), ...explained.map(describe)].join('\n\n'));
    return EXIT_OK;
  },
});

/** Who answered: the running crawl, or the configuration on disk. */
function answeredBy(explained: readonly Explanation[]): string {
  return explained[0]?.from === 'running-crawl'
    ? 'explained by the running crawl: its values and sheets as they are now, live changes included'
    : 'explained from the configuration on disk (no crawl of this job is running)';
}

function describe(e: Explanation): string {
  if (!e.normalized) return `${e.url}\n  not a crawlable URL (only http, https, file, imap and imaps URLs are)`;
  const lines = [e.url, `  normalised:     ${e.normalized}`, `  SURT:           ${e.surt}`, `  uniqueness key: ${e.uniquenessKey ?? '-'}`, `  ` +
    `queue key:      ${e.queueKey ?? '-'}`, `  queue cost:     ${e.cost ?? '-'}`, '  scope:'];
  for (const r of e.rules) lines.push(`    ${String(r.index).padStart(2)} ${r.decision.padEnd(6)} ${r.rule} (${r.className})`);
  if (e.decision) lines.push(`  decision: ${e.decision.decision}${e.decision.index !== undefined ? ` (rule ${e.decision.index}, ` +
    `${e.decision.rule})` : ' (no rule decided: not accepted)'}`);
  if (e.divertedTo !== undefined) lines.push(`  diverted: to crawler ${e.divertedTo} (a crawl mapper gives it to that crawler; not scheduled here)`);
  lines.push(`  sheets:${e.sheets.length ? '' : ' none'}`);
  for (const s of e.sheets) lines.push(`    ${s.sheet}: ${s.because}`);
  if (e.overrides.length) lines.push('  values the sheets change:');
  for (const o of e.overrides) lines.push(`    ${o.property} = ${JSON.stringify(o.value)} (base ${JSON.stringify(o.base)}; sheet ` +
    `${o.sheet}${o.at ? `, ${o.at}` : ''})`);
  if (e.politeness) {
    const p = e.politeness;
    lines.push(`  politeness: ${p.minDelayMs}–${p.maxDelayMs} ms between fetches on its queue (${p.delayFactor} × fetch time, clamped); ` +
      `Crawl-delay honoured up to ${p.respectCrawlDelayUpToSeconds} s`);
  }
  lines.push(`  robots.txt: ${e.robots}`);
  if (e.usage !== undefined) lines.push(`  usage preferences: ${e.usage}`);
  const r = e.rendering;
  const decidedBy = r?.sheet ? `sheet ${r.sheet}` : 'the bean\'s own value';
  if (r) lines.push(`  rendered: ${r.enabled ? 'yes, a 2xx HTML page' : 'no'} (${r.bean}.enabled ${r.enabled}, ${decidedBy})`);
  return lines.join('\n');
}

async function readStdinLines(): Promise<string[]> {
  if (process.stdin.isTTY) return [];
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}
