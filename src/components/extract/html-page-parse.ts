import type { CrawlUri } from '../../model/crawl-uri.js';
import type { Hop, Link } from '../../model/hop.js';
import { decodeHtml } from './decode-html.js';
import { HtmlLinkCollector, type HtmlLinkOptions } from './html-link-collector.js';
import { noteParseOutcome, runSliced, type ParseOutcome } from './parse-budget.js';

/** What a parse thread is sent for one page: everything ExtractorHtml's inline parse reads, as plain data. */
export interface HtmlParseJob {
  readonly uri: string;
  /** A copy of the body, its memory moved to the thread. */
  readonly body: Uint8Array;
  readonly charset: string | undefined;
  readonly defaultEncoding: string;
  readonly options: HtmlLinkOptions;
  readonly obeyMetaRobots: boolean;
  readonly maxDepth: number;
  readonly maxTimeMs: number;
  /** The URI's outlinks before the parse (an earlier extractor's), so that none is added twice. */
  readonly known: readonly Link[];
}

/** A parse thread's answer: the decoded text, the new links as (uri, hop, context) triples, and what the page said of itself. */
export interface HtmlParseAnswer {
  readonly text: string;
  readonly links: readonly string[];
  readonly noFollow: boolean;
  readonly outcome: ParseOutcome;
}

/**
 * The parse a thread does: decodes the body and finds its links, as ExtractorHtml does inline,
 * within the job's time budget in one run (a thread serves no one else meanwhile). A collector
 * is made once per thread.
 */
export function parseHtmlPage(job: HtmlParseJob, collector: HtmlLinkCollector): HtmlParseAnswer {
  const text = decodeHtml(job.body, job.charset, job.defaultEncoding).text;
  const target = { uri: job.uri, outlinks: [...job.known], noFollow: false };
  const outcome = runSliced(collector.steps(target, text, job.options, job.obeyMetaRobots, job.maxDepth), { maxTimeMs: job.maxTimeMs, sliceMs: Infinity }) as ParseOutcome;
  const links: string[] = [];
  for (let i = job.known.length; i < target.outlinks.length; i++) {
    const l = target.outlinks[i];
    links.push(l.uri, l.hop, l.context);
  }
  return { text, links, noFollow: target.noFollow, outcome };
}

/** Sets on the URI what a thread found: its text, its new links, nofollow, and the annotation of a parse cut short. */
export function applyHtmlParse(curi: CrawlUri, answer: HtmlParseAnswer): void {
  curi.text = answer.text;
  const { links } = answer;
  for (let i = 0; i < links.length; i += 3) curi.outlinks.push({ uri: links[i], hop: links[i + 1] as Hop, context: links[i + 2] });
  if (answer.noFollow) curi.noFollow = true;
  noteParseOutcome(curi, answer.outcome);
}
