import { expect } from 'chai';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureTimers } from '../../test/support/captured-timers.js';
import { until } from '../../test/support/until.js';
import { verifyText } from '../../test/support/verify-text.js';
import type { ControllerState, CrawlControl } from '../model/crawl-control.js';
import type { StateStore } from '../model/state-store.js';
import { DiskSpaceMonitor, diskSpaceMonitorComponent, usableSpace, type DiskSpaceMonitorConfig, type FreeSpaceReading } from './disk-space-monitor.js';

const MIB = 1024 * 1024;

/** A controller that only says its state and records the pauses asked of it. */
function fakeController(state: ControllerState = 'RUNNING') {
  const pauses: string[] = [];
  const controller = {
    progress: () => ({ state }),
    pauseWithAlert: (reason: string) => {
      pauses.push(reason);
      state = 'PAUSED';
    },
  } as unknown as CrawlControl;
  return { controller, pauses };
}

/** Free space by path, as the injected reading reports it; a path not listed does not exist. */
function disks(free: Record<string, number>): FreeSpaceReading & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(async (path: string) => {
    asked.push(path);
    return free[path];
  }, { asked });
}

function monitor(over: Partial<DiskSpaceMonitorConfig>, reading: FreeSpaceReading): DiskSpaceMonitor {
  const defaults = Object.fromEntries(Object.entries(diskSpaceMonitorComponent.props).map(([k, s]) => [k, s.default]));
  return new DiskSpaceMonitor({ ...defaults, stateStore: undefined, ...over } as DiskSpaceMonitorConfig, reading);
}

describe('DiskSpaceMonitor', () => {
  it('pauses a running crawl, saying which folder is short and by how much, when one is below pauseThresholdMiB', async () => {
    const { controller, pauses } = fakeController();
    const reading = disks({ '/data/warcs': 100 * MIB, '/data/logs': 5 * MIB });
    const m = monitor({ monitorPaths: ['/data/warcs', '/data/logs'], pauseThresholdMiB: 10, crawlController: controller }, reading);
    const alert = await m.check();
    expect(pauses).to.deep.equal([alert]);
    expect(alert).to.equal(
      'Low Disk Pause - 5242880 bytes (5.0 MiB) available on /data/logs, below the minimum threshold of 10485760 bytes (10.0 MiB, ' +
        'pauseThresholdMiB); the crawl is paused until unpaused');
  });

  it('leaves the crawl alone at or above the threshold', async () => {
    const { controller, pauses } = fakeController();
    const m = monitor({ monitorPaths: ['/data'], pauseThresholdMiB: 10, crawlController: controller }, disks({ '/data': 10 * MIB }));
    expect(await m.check()).to.equal(undefined);
    expect(pauses).to.deep.equal([]);
  });

  it('skips a folder that does not exist (its reading would say nothing of the disk), as Heritrix does', async () => {
    const { controller, pauses } = fakeController();
    const reading = disks({ '/data': 100 * MIB });
    const m = monitor({ monitorPaths: ['/gone', '/data'], pauseThresholdMiB: 10, crawlController: controller }, reading);
    expect(await m.check()).to.equal(undefined);
    expect(reading.asked).to.deep.equal(['/gone', '/data']);
    expect(pauses).to.deep.equal([]);
  });

  for (const state of ['PREPARING', 'PAUSED', 'STOPPING', 'FINISHED'] as const) {
    it(`does not pause (or read) while the crawl is ${state}`, async () => {
      const { controller, pauses } = fakeController(state);
      const reading = disks({ '/data': 0 });
      expect(await monitor({ monitorPaths: ['/data'], crawlController: controller }, reading).check()).to.equal(undefined);
      expect(reading.asked).to.deep.equal([]);
      expect(pauses).to.deep.equal([]);
    });
  }

  it('watches the state store\'s folder too with monitorConfigPaths (the default), and not without it', async () => {
    const { controller } = fakeController();
    const stateStore = { folder: '/job/state' } as StateStore;
    expect(monitor({ monitorPaths: ['/data'], stateStore, crawlController: controller }, disks({})).watched).to.deep.equal(['/data', '/job/state']);
    expect(monitor({ monitorPaths: ['/job/state'], stateStore, crawlController: controller }, disks({})).watched, 'once').to.deep.equal(['/job/state']);
    expect(monitor({ monitorPaths: ['/data'], monitorConfigPaths: false, stateStore, crawlController: controller }, disks({})).watched).to.deep.equal(['/data']);
    const { controller: c2, pauses } = fakeController();
    await monitor({ pauseThresholdMiB: 1, stateStore, crawlController: c2 }, disks({ '/job/state': 0 })).check();
    expect(pauses).to.have.length(1);
  });

  it('checks every checkIntervalSeconds from start() until stop()', async () => {
    const timers = captureTimers((ms) => ms === 7000);
    try {
      const { controller, pauses } = fakeController();
      const m = monitor({ monitorPaths: ['/data'], pauseThresholdMiB: 1, checkIntervalSeconds: 7, crawlController: controller }, disks({ '/data': 0 }));
      m.start();
      expect(timers.timers.map((t) => [t.ms, t.repeats])).to.deep.equal([[7000, true]]);
      expect(pauses, 'nothing before the first tick').to.deep.equal([]);
      timers.timers[0].fire();
      await until(() => pauses.length === 1, 'the pause the first tick asks for');
      m.stop();
      expect(timers.timers[0].cleared).to.equal(true);
    } finally {
      timers.restore();
    }
  });

  it('reads a real disk\'s usable space, and nothing for a path that does not exist', async () => {
    expect(await usableSpace(tmpdir())).to.be.a('number').and.to.be.above(0);
    expect(await usableSpace(join(tmpdir(), 'no-such-folder-beancrawl'))).to.equal(undefined);
  });

  describe('verify', () => {
    const bean = (props: string) => `<beans><bean id="diskSpaceMonitor" class="org.archive.crawler.monitor.DiskSpaceMonitor">${props}</bean></beans>`;

    it('takes Heritrix\'s properties, resolving monitorPaths against the job folder', async () => {
      const r = await verifyText({
        'crawler-beans.xml': bean('<property name="monitorPaths"><list><value>warcs</value><value>/srv/big</value></list></property>' +
          '<property name="pauseThresholdMiB" value="1024"/><property name="monitorConfigPaths" value="false"/>'),
      });
      expect(r.errors.filter((e) => !e.includes('CrawlController'))).to.deep.equal([]);
      const config = r.resolved!.beans.find((b) => b.id === 'diskSpaceMonitor')!.config;
      expect(config).to.deep.include({ monitorPaths: [join(r.dir, 'warcs'), '/srv/big'], pauseThresholdMiB: 1024, monitorConfigPaths: false, checkIntervalSeconds: 20 });
    });

    it('defaults to Heritrix\'s 8192 MiB threshold, watching the configured paths', async () => {
      const r = await verifyText({ 'crawler-beans.xml': bean('') });
      expect(r.resolved!.beans.find((b) => b.id === 'diskSpaceMonitor')!.config).to.deep.include({ monitorPaths: [], pauseThresholdMiB: 8192, monitorConfigPaths: true });
    });

    it('refuses a negative threshold, a zero interval and an unknown placeholder in a path', async () => {
      const r = await verifyText({
        'crawler-beans.xml': bean('<property name="pauseThresholdMiB" value="-1"/><property name="checkIntervalSeconds" value="0"/>' +
          '<property name="monitorPaths"><list><value>${jobName}/x</value></list></property>'),
      });
      const codes = r.errors.map((e) => /error (\w+): .*property "(\w+)"/.exec(e)?.slice(1).join(' ')).filter((e) => e && !e.includes('crawlController'));
      expect(codes.sort()).to.deep.equal(['BC_PLACEHOLDER_UNKNOWN monitorPaths', 'BC_PROP_RANGE checkIntervalSeconds', 'BC_PROP_RANGE ' +
        'pauseThresholdMiB'].sort());
    });
  });
});
