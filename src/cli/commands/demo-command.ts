import { join } from 'node:path';
import { mirrorOriginFolder } from '../../components/receivers/mirror-origin-folder.js';
import { mirrorUrlParts } from '../../components/receivers/mirror-path.js';
import { startDemoSite } from '../../job/demo-site.js';
import { timestamp17 } from '../../util/timestamp17.js';
import { defineCommand } from '../cli-command.js';
import { crawlCommand } from './crawl-command.js';

/** Politeness off: the demo site is this machine's own. */
const DEMO_SETS = ['disposition.delayFactor=0', 'disposition.minDelayMs=0', 'disposition.maxDelayMs=0'];

/** `beancrawl demo`: serves a small built-in site on loopback and crawls it, as `crawl` would a real one. */
export const demoCommand = defineCommand({
  names: ['demo'],
  operands: { usage: '', min: 0, max: 0, needs: '' },
  options: {
    job: { value: 'DIR', description: 'the job folder to make (default: jobs/demo-<time>)' },
  },
  summary: 'Crawl a small built-in site on this machine (no internet needed).',
  details: 'Serves two small sites on 127.0.0.1 (pages, a sitemap, robots.txt, a redirect, a broken '
    + 'link, an image and a stylesheet) and crawls them with the site-mirror profile, politeness off, '
    + 'as `beancrawl crawl` would: WARC files, crawl.log, reports and a browsable mirror, listed at the end.',
  async run({ options }, io) {
    const site = await startDemoSite();
    try {
      io.err(`serving the demo site at ${site.main}/ and ${site.other}/`);
      const job = options.job ?? join('jobs', `demo-${timestamp17(Date.now()).slice(0, 14)}`);
      const code = await crawlCommand.run({
        command: 'crawl', operands: [`${site.main}/`, `${site.other}/`],
        options: { profile: 'site-mirror', contact: `${site.main}/contact.html`, job, set: DEMO_SETS },
      }, io);
      // The site-mirror profile's mirror: a folder for each origin.
      const home = join(job, 'mirror', mirrorOriginFolder(mirrorUrlParts(`${site.main}/`)!), 'index.html');
      io.out(`the demo crawl is in ${job}: try beancrawl status ${job}, or open ${home}`);
      return code;
    } finally {
      await site.close();
    }
  },
});
