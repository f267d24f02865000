import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureTimers } from '../../test/support/captured-timers.js';
import { fastSets } from '../../test/support/crawl-job.js';
import { ResponseGate } from '../../test/support/response-gate.js';
import { REPO_ROOT } from '../../test/support/run-cli.js';
import { page, SiteServer } from '../../test/support/site-server.js';
import { tempDir } from '../../test/support/temp-dir.js';
import { until } from '../../test/support/until.js';
import { launchJob } from '../job/launch-job.js';
import type { CrawlControl } from '../model/crawl-control.js';

/** A check interval no library uses, so that the test alone fires the monitor's timer. */
const INTERVAL_SECONDS = 7;

describe('DiskSpaceMonitor in a crawl (integration)', function () {
  this.timeout(60000);

  it('pauses the crawl with an alert when the state store\'s disk has less free space than the threshold; unpause goes on', async () => {
    // No disk here has a petabyte free: the real reading of the state folder is below this threshold.
    const thresholdMiB = 1024 ** 3;
    const gate = new ResponseGate();
    const site = await SiteServer.start({
      '/robots.txt': { status: 404 },
      '/': gate.route(page('home', ['/a'])),
      '/a': { body: page('a') },
    });
    const beans = (await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8'))
      .replace('</beans>', ` <bean id="diskSpaceMonitor" class="org.archive.crawler.monitor.DiskSpaceMonitor">\n  <property ` +
        `name="checkIntervalSeconds" value="${INTERVAL_SECONDS}"/>\n </bean>\n</beans>`);
    const job = await tempDir({ 'crawler-beans.xml': beans });
    const timers = captureTimers((ms) => ms === INTERVAL_SECONDS * 1000);
    const sets = fastSets([`${site.origin}/`], [`diskSpaceMonitor.pauseThresholdMiB=${thresholdMiB}`]).map((s) => s.replace(/\\n/g, '\n'));
    let seen: { alert?: string; state: string; pathsWhilePaused: string[] } | undefined;
    let steps: Promise<void> | undefined;
    const drive = async (controller: CrawlControl) => {
      // The crawl is running, its first page held: the check comes while there is work left.
      await until(() => gate.held === 1, 'the seed\'s request');
      timers.timers[0].fire();
      // PAUSING while the seed's fetch is held, PAUSED once it finished.
      await until(() => controller.progress().state === 'PAUSING', 'the pause the monitor asks for');
      gate.open();
      await until(() => controller.progress().busyWorkers === 0, 'the URI in flight to finish');
      seen = { alert: controller.progress().alert, state: controller.progress().state, pathsWhilePaused: site.paths() };
      controller.unpause();
    };
    try {
      const result = await launchJob(job.dir, { sets, onRunning: (controller) => (steps = drive(controller)) });
      await steps;
      expect(result.exitStatus).to.equal('FINISHED');
      expect(seen!.state).to.equal('PAUSED');
      expect(seen!.alert).to.match(/^Low Disk Pause - \d+ bytes \(.*\) available on .*\/state, below the minimum threshold of \d+ bytes/);
      expect(seen!.pathsWhilePaused, 'nothing new fetched while paused').to.not.include('/a');
      expect(site.paths(), 'fetched after unpause').to.include('/a');
      const alerts = await readFile(join(job.dir, result.runDir, 'logs', 'alerts.log'), 'utf8');
      expect(alerts).to.include('SEVERE').and.to.include('Low Disk Pause');
    } finally {
      timers.restore();
      gate.open();
      await site.close();
      await job.cleanup();
    }
  });
});
