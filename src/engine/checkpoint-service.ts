import { defineComponent, type ComponentClass, type ConfigOf } from '../beans/registry/component-descriptor.js';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { CHECKPOINT_STAMP, CHECKPOINT_STATE, listCheckpoints, nextCheckpointName, type CheckpointStamp } from './checkpoint-folder.js';
import { makeFolders } from '../util/make-folders.js';
import { writeFileWhole } from '../util/write-file-whole.js';

export const checkpointServiceComponent = defineComponent({
  name: 'CheckpointService',
  aliases: ['org.archive.crawler.framework.CheckpointService'],
  description:
    'Checkpoints: a consistent copy of the crawl\'s state, taken from a snapshot of the state store while the crawl goes on, ' +
    'with a copy of the bean file, in `checkpointsDir/cpNNNNN-<time>/`, stamped valid (checkpoint.json) once complete. ' +
    'Taken on demand (`beancrawl checkpoint JOB`), every `checkpointIntervalMinutes` and at shutdown if asked. ' +
    '`beancrawl launch JOB --checkpoint NAME|latest` starts a run from one, as often as wanted.',
  kinds: ['CheckpointService'],
  props: {
    checkpointIntervalMinutes: { type: 'integer', default: -1, minimum: -1, description: 'Minutes between checkpoints; -1 or 0 none.' },
    checkpointsDir: { type: 'string', default: 'checkpoints', path: true, minLength: 1, description: 'Where checkpoints go, relative to the job folder.' },
    checkpointOnShutdown: { type: 'boolean', default: false, description: 'Take a checkpoint when the crawl stops (however it stops, short of a kill).' },
    forgetAllButLatest: { type: 'boolean', default: false, description: 'Delete older checkpoints once a new one is complete.' },
    runDir: { type: 'string', default: '${launchId}', path: true, description: 'The run folder, where the bean file copied into each checkpoint is found.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'The state copied.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Where a checkpoint that fails is reported (alerts.log).' },
  },
  load: async (): Promise<ComponentClass> => CheckpointService,
});

/** Bean files in the run folder, copied into each checkpoint. */
const BEAN_FILE = /\.(xml|cxml|json|jsonc)$/;

/**
 * Heritrix's CheckpointService, without its fragility: the state is copied from one snapshot of
 * the store while the crawl goes on, the checkpoint is stamped valid only once complete, and
 * starting from it copies it again, so one checkpoint serves any number of starts.
 */
export class CheckpointService {
  #timer?: NodeJS.Timeout;
  #running: Promise<unknown> = Promise.resolve();

  constructor(readonly config: ConfigOf<typeof checkpointServiceComponent>) {}

  start(): void {
    const minutes = this.config.checkpointIntervalMinutes;
    if (minutes > 0 && !this.#timer) {
      this.#timer = setInterval(() => {
        this.checkpoint().catch((e: Error) => this.config.loggerModule?.alert?.('SEVERE', `checkpoint failed: ${e.message}`));
      }, minutes * 60_000);
      this.#timer.unref();
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.config.checkpointOnShutdown) await this.checkpoint();
    // Only the end of the checkpoint under way is awaited: its failure was told to whoever asked for it.
    else await this.#running.catch(() => undefined);
  }

  /** Takes a checkpoint (one at a time); resolves to its folder. */
  checkpoint(): Promise<string> {
    // One at a time: the previous checkpoint's failure was told to whoever asked for it, and does not stop this one.
    const next = this.#running.catch(() => undefined).then(() => this.#take());
    this.#running = next;
    return next;
  }

  async #take(): Promise<string> {
    const { stateStore, checkpointsDir, runDir } = this.config;
    if (!stateStore.copyTo) throw new Error('this state store cannot be copied into a checkpoint');
    await makeFolders(checkpointsDir);
    const name = await nextCheckpointName(checkpointsDir);
    const dir = join(checkpointsDir, name);
    await mkdir(dir);
    const entries = await stateStore.copyTo(join(dir, CHECKPOINT_STATE));
    for (const entry of await readdir(runDir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isFile() && BEAN_FILE.test(entry.name)) await copyFile(join(runDir, entry.name), join(dir, entry.name));
    }
    const stamp: CheckpointStamp = { name, takenAt: new Date().toISOString(), runDir: relative(join(checkpointsDir, '..'), runDir), entries, valid: true };
    await writeFileWhole(join(dir, CHECKPOINT_STAMP), `${JSON.stringify(stamp, null, 2)}\n`);
    if (this.config.forgetAllButLatest) {
      for (const old of await listCheckpoints(checkpointsDir)) if (old.dir !== dir) await rm(old.dir, { recursive: true, force: true });
    }
    return dir;
  }
}
