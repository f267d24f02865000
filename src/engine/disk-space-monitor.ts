import { statfs } from 'node:fs/promises';
import { defineComponent, type ComponentClass, type ConfigOf } from '../beans/registry/component-descriptor.js';

export const diskSpaceMonitorComponent = defineComponent({
  name: 'DiskSpaceMonitor',
  aliases: ['org.archive.crawler.monitor.DiskSpaceMonitor'],
  description:
    'Pauses the crawl, with an alert (alerts.log, `beancrawl status`), when a watched folder\'s disk has less free space than ' +
    '`pauseThresholdMiB`, before a full disk makes the state store or the WARC files fail. Checked every `checkIntervalSeconds` ' +
    'while the crawl runs; a folder that does not exist is skipped. The operator unpauses once space is freed; a disk still ' +
    'too full pauses the crawl again at the next check.',
  kinds: [],
  props: {
    monitorPaths: {
      type: 'array', items: { type: 'string' }, default: [], path: true,
      description: 'Folders whose free space is watched, relative to the job folder or absolute.',
    },
    pauseThresholdMiB: {
      type: 'integer', default: 8192, minimum: 0,
      description: 'Pause when a watched folder has less than this many MiB free (Heritrix\'s default, 8 GiB: BDB refused writes below 5 GiB).',
    },
    monitorConfigPaths: {
      type: 'boolean', default: true,
      description: 'Also watch the state store\'s folder (Heritrix watches every configured path). Run folders, logs and WARC files ' +
        'usually share its disk; one elsewhere belongs in monitorPaths.',
    },
    checkIntervalSeconds: {
      type: 'integer', default: 20, minimum: 1,
      description: 'How often free space is checked (Heritrix checks at each statistics snapshot, by default every 20 s).',
    },
  },
  refs: {
    crawlController: { kind: 'CrawlController', required: true, autowire: true, description: 'The crawl to pause.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Whose folder monitorConfigPaths watches.' },
  },
  load: async (): Promise<ComponentClass> => DiskSpaceMonitor,
});

export type DiskSpaceMonitorConfig = ConfigOf<typeof diskSpaceMonitorComponent>;

/** Bytes free to this process on the disk holding `path`, or undefined when the path does not exist. */
export type FreeSpaceReading = (path: string) => Promise<number | undefined>;

const MIB = 1024 * 1024;

/** The space an unprivileged writer may use (Java's File.getUsableSpace): available blocks, not free ones. */
export const usableSpace: FreeSpaceReading = async (path) => {
  try {
    const s = await statfs(path);
    return s.bavail * s.bsize;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
};

/**
 * Heritrix's DiskSpaceMonitor. The reading of free space is a constructor argument, so that a
 * test can say how full a disk is; `check()` is what each tick of the timer runs.
 */
export class DiskSpaceMonitor {
  #timer?: NodeJS.Timeout;
  #checking = false;

  constructor(readonly config: DiskSpaceMonitorConfig, private readonly freeSpace: FreeSpaceReading = usableSpace) {}

  /** The folders watched: monitorPaths, then the state store's when monitorConfigPaths says so. */
  get watched(): string[] {
    const { monitorPaths, monitorConfigPaths, stateStore } = this.config;
    const folder = monitorConfigPaths ? stateStore?.folder : undefined;
    return folder === undefined || monitorPaths.includes(folder) ? [...monitorPaths] : [...monitorPaths, folder];
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.#tick(), this.config.checkIntervalSeconds * 1000);
    // A timer alone must not keep a finished launch's process alive.
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * Reads each watched folder's free space while the crawl runs and pauses it, with an alert
   * naming the folder, at the first one below the threshold. Resolves to that alert, or undefined.
   */
  async check(): Promise<string | undefined> {
    const controller = this.config.crawlController;
    const thresholdBytes = this.config.pauseThresholdMiB * MIB;
    for (const path of this.watched) {
      if (controller.progress().state !== 'RUNNING') return undefined;
      const free = await this.freeSpace(path);
      if (free === undefined || free >= thresholdBytes) continue;
      const alert =
        `Low Disk Pause - ${free} bytes (${mib(free)}) available on ${path}, below the minimum threshold of ` +
        `${thresholdBytes} bytes (${mib(thresholdBytes)}, pauseThresholdMiB); the crawl is paused until unpaused`;
      controller.pauseWithAlert(alert);
      return alert;
    }
    return undefined;
  }

  /** One check at a time: a slow disk must not pile readings up. */
  async #tick(): Promise<void> {
    if (this.#checking) return;
    this.#checking = true;
    try {
      await this.check();
    } catch (e) {
      process.emitWarning(`DiskSpaceMonitor could not read free space: ${(e as Error)?.message ?? String(e)}`);
    } finally {
      this.#checking = false;
    }
  }
}

function mib(bytes: number): string {
  return `${(bytes / MIB).toFixed(1)} MiB`;
}
