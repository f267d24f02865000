// A parse thread of ExtractorHtml (extractor-html.ts, parseThreads): answers each page it is sent with its text and links.
import { parentPort } from 'node:worker_threads';
import { serveJobs } from '../../util/thread-pool.js';
import { HtmlLinkCollector } from './html-link-collector.js';
import { parseHtmlPage, type HtmlParseAnswer, type HtmlParseJob } from './html-page-parse.js';

const collector = new HtmlLinkCollector();
if (parentPort) serveJobs<HtmlParseJob, HtmlParseAnswer>(parentPort, (job) => ({ answer: parseHtmlPage(job, collector) }));
