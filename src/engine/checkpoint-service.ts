import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { ConfigOf } from '../beans/registry/component-descriptor.js';
import { CHECKPOINT_STAMP, CHECKPOINT_STATE, listCheckpoints, nextCheckpointName, type CheckpointStamp } from './checkpoint-folder.js';
import type { checkpointServiceComponent } from './checkpoint-service.descriptor.js';

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
    else await this.#running.catch(() => undefined);
  }

  /** Takes a checkpoint (one at a time); resolves to its folder. */
  checkpoint(): Promise<string> {
    const next = this.#running.catch(() => undefined).then(() => this.#take());
    this.#running = next;
    return next;
  }

  async #take(): Promise<string> {
    const { stateStore, checkpointsDir, runDir } = this.config;
    if (!stateStore.copyTo) throw new Error('this state store cannot be copied into a checkpoint');
    await mkdir(checkpointsDir, { recursive: true });
    const name = await nextCheckpointName(checkpointsDir);
    const dir = join(checkpointsDir, name);
    await mkdir(dir);
    const entries = await stateStore.copyTo(join(dir, CHECKPOINT_STATE));
    for (const entry of await readdir(runDir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isFile() && BEAN_FILE.test(entry.name)) await copyFile(join(runDir, entry.name), join(dir, entry.name));
    }
    const stamp: CheckpointStamp = { name, takenAt: new Date().toISOString(), runDir: relative(join(checkpointsDir, '..'), runDir), entries, valid: true };
    await writeFile(join(dir, `${CHECKPOINT_STAMP}.tmp`), `${JSON.stringify(stamp, null, 2)}\n`);
    await rename(join(dir, `${CHECKPOINT_STAMP}.tmp`), join(dir, CHECKPOINT_STAMP));
    if (this.config.forgetAllButLatest) {
      for (const old of await listCheckpoints(checkpointsDir)) if (old.dir !== dir) await rm(old.dir, { recursive: true, force: true });
    }
    return dir;
  }
}
