import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CrawlController } from '../../src/engine/crawl-controller.js';
import { launchJob } from '../../src/job/launch-job.js';
import type { CrawlControl } from '../../src/model/crawl-control.js';
import { fastSets } from '../support/crawl-job.js';
import { ResponseGate } from '../support/response-gate.js';
import { REPO_ROOT } from '../support/run-cli.js';
import { page, SiteServer } from '../support/site-server.js';
import { tempDir } from '../support/temp-dir.js';
import { until } from '../support/until.js';

describe('maxToeThreads changed while the crawl runs (integration)', function () {
  this.timeout(60_000);

  it('starts more workers at once when raised, and stops those above it when lowered', async () => {
    // Four sites, four queues: as many fetches at once as there are workers, held until the test lets them go.
    const gates = [new ResponseGate(), new ResponseGate(), new ResponseGate(), new ResponseGate()];
    const sites = await Promise.all(gates.map((gate) => SiteServer.start({ '/robots.txt': { status: 404 }, '/': gate.route(page('home', ['/a'])), '/a': gate.route(page('a')) })));
    const held = () => gates.reduce((n, g) => n + g.held, 0);
    const beans = await readFile(join(REPO_ROOT, 'profiles', 'default.xml'), 'utf8');
    const job = await tempDir({ 'crawler-beans.xml': beans });
    let steps: Promise<void> | undefined;
    const drive = async (control: CrawlControl) => {
      const controller = control as CrawlController;
      await until(() => held() === 1, 'the one worker\'s fetch');
      controller.reconfigure({ maxToeThreads: 4 });
      await until(() => held() === 4, 'four fetches at once after the raise');
      // Lowered to one: the four fetches in flight finish, then a single worker takes each page after.
      controller.reconfigure({ maxToeThreads: 1 });
      for (const g of gates) g.releaseOne();
      for (let page = 0; page < 4; page++) {
        await until(() => held() >= 1, `page ${page + 1} of 4 after the lowering`);
        expect(held(), 'fetches held at once with one worker').to.equal(1);
        gates.find((g) => g.held)!.releaseOne();
      }
    };
    try {
      const sets = fastSets(sites.map((s) => `${s.origin}/`), ['crawlController.maxToeThreads=1']).map((s) => s.replace(/\\n/g, '\n'));
      const result = await launchJob(job.dir, { sets, onRunning: (c) => (steps = drive(c)) });
      await steps;
      expect(result.exitStatus).to.equal('FINISHED');
      for (const site of sites) expect(site.paths()).to.include('/');
    } finally {
      for (const g of gates) g.open();
      for (const site of sites) await site.close();
      await job.cleanup();
    }
  });
});
