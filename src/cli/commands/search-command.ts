import { defineCommand } from '../cli-command.js';
import { EXIT_OK } from '../../util/exit-codes.js';
import { UsageError } from '../usage-error.js';

/** `beancrawl search JOB "words" [--limit N] [--bean ID]`: the job's PostgreSQL index, queried. */
export const searchCommand = defineCommand({
  names: ['search'],
  operands: { usage: 'JOB QUERY', min: 2, max: 2, needs: 'a job and a query', example: 'JOB "words to find"' },
  options: {
    limit: {
      value: 'N', description: 'print at most N results (10 by default)',
      check: (v) => (/^[1-9]\d{0,5}$/.test(v) ? undefined : `--limit wants a whole number from 1 to 999999, not "${v}"`),
    },
    bean: { value: 'ID', description: 'the PostgresIndexReceiver bean whose index to search, when the job has several' },
  },
  summary: 'Search the job\'s PostgreSQL index: one result a line, best first.',
  details: 'Runs the index\'s one query (docs/guide/search-index.md: websearch_to_tsquery in the table\'s text search configuration, ranked by ts_rank, '
    + 'a ts_headline snippet) through the connection and table of the job\'s PostgresIndexReceiver bean, and prints, best first, one '
    + 'result a line: URL, title and snippet, separated by tabs (matched words [bracketed]). QUERY takes what a search box does: words, '
    + '"a phrase", -word, or. A check that the index works, not a search engine. No match: nothing printed, exit 0. The database '
    + 'unreachable or the table not made yet: BC_INDEX_UNAVAILABLE, exit 1.',
  async run({ operands: [job, query], options }, io) {
    if (query.trim() === '') throw new UsageError('search needs words to look for: beancrawl search JOB "words to find"');
    // pg is loaded only here, so that other commands start as fast as before.
    const { searchIndex } = await import('../../job/search-index.js');
    const hits = await searchIndex(job, query, { bean: options.bean, limit: options.limit === undefined ? undefined : Number(options.limit) });
    const oneLine = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
    for (const hit of hits) io.out(`${hit.url}\t${oneLine(hit.title)}\t${oneLine(hit.snippet)}`);
    return EXIT_OK;
  },
});
