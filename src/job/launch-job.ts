import { readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { redactUrlPasswords } from '../util/url/url-password.js';
import { basename, join, relative } from 'node:path';
import { loadEngineSettings } from '../beans/engine-settings.js';
import { openStateFolder, type StateFolder } from '../components/state/state-folder.js';
import { closeHandedOver } from '../components/state/open-databases.js';
import type { Registry } from '../beans/registry/registry.js';
import type { ResolvedGraph } from '../beans/resolve/resolved-bean.js';
import type { CrawlControl } from '../model/crawl-control.js';
import type { SeedRecord, StatisticsTracking } from '../model/crawl-statistics.js';
import type { Receiver } from '../model/receiver.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { blocksLaunch, isError, type Diagnostic } from '../util/diagnostic.js';
import { packageRoot } from '../util/package-root.js';
import { assertNotRunning, serveControlSocket } from './control-socket.js';
import { CheckpointService } from '../engine/checkpoint-service.js';
import type { StateStore } from '../model/state-store.js';
import { explainerFor } from './explain-urls.js';
import { LiveBeans } from './live-beans.js';
import { recoverOutputs } from './recover-outputs.js';
import { checkpointsDirOf, findCheckpoint, finishSwap, restoreCheckpoint } from './restore-checkpoint.js';
import { writeResolvedBeans, RESOLVED_BEANS_FILE } from './resolved-beans-record.js';
import { createRunFolder, runId } from './run-folder.js';
import { countsOf, writeRunRecord, type RunRecord } from './run-record.js';
import { crawlExitCode, EXIT_ERROR } from '../util/exit-codes.js';
import { verifyJob } from './verify-job.js';
import { abandonJoin, joinAsWorker, sharedCrawlConnection, sharedCrawlName, type WorkerLaunch } from './join-as-worker.js';
import { restoreWorkerState } from './shared-checkpoint.js';
import type { SharedCrawlStore } from '../model/shared-crawl.js';
import { CHECKPOINT_STATE, type CheckpointStamp } from '../engine/checkpoint-folder.js';
import type { ResolvedBean } from '../beans/resolve/resolved-bean.js';
import { mark } from '../util/phase-marks.js';
import { INTERRUPTED } from '../model/crawl-control.js';
import { JobFolderWatchdog, type WatchedFolder } from './job-folder-watchdog.js';

export interface LaunchOptions {
  readonly sets?: readonly string[];
  /** Called with the controller once the crawl runs (progress display, signal handling). */
  readonly onRunning?: (controller: CrawlControl, runDir: string) => void;
  /** Told of verify's warnings (beans accepted but not used) before the crawl starts. */
  readonly onWarnings?: (warnings: readonly Diagnostic[]) => void;
  /** Told what the launch found and did before the crawl starts (resuming, files recovered). */
  readonly onNotice?: (message: string) => void;
  /** Start a new run even when the last one did not finish (it is dropped, not resumed). */
  readonly fresh?: boolean;
  /** Drop the fetch history too (a new run that is not a delta of the earlier ones). */
  readonly forgetHistory?: boolean;
  /** The components known (the built-in catalog when not given). */
  readonly registry?: Registry;
  /** List the documents a delta run would delete without reporting them deleted. */
  readonly dryRunDeletes?: boolean;
  /** Start from this checkpoint (its name, or `latest`) instead of the state as it stands. */
  readonly checkpoint?: string;
  /** This worker's name, for a job whose frontier is shared through Redis (its RedisConnection's workerId otherwise). */
  readonly workerId?: string;
  /** Aborted to give up before the crawl runs (Ctrl-C while a worker waits for Redis). */
  readonly signal?: AbortSignal;
}

export interface LaunchResult {
  readonly exitStatus: string;
  /** The command's exit code for this crawl (README: exit codes), as the run's run.json records it. */
  readonly exitCode: number;
  /** The run folder, relative to the job folder (`runs/<timestamp>`). */
  readonly runDir: string;
  readonly jobDir: string;
  readonly controller: CrawlControl;
  /** The run folder this launch continued, when it resumed an unfinished run. */
  readonly resumed?: string;
  /** Where the beans left what they wrote (crawl.log, WARC files, a mirror…) and it is there, absolute paths, in bean order. */
  readonly outputs: ReadonlyArray<{ readonly what: string; readonly path: string }>;
  /** The seeds that got no response (each with why, when known) and those diverted to another crawler, as the statistics tracker kept them. */
  readonly seedsNotCrawled: readonly SeedRecord[];
}

/**
 * Verify, then launch: a job with any error never starts. Opens the state: a run that did not
 * finish is resumed (its output files put back in step with the state first), otherwise a new
 * run starts from the seeds. Creates the run folder (and `latest`; a resumed run's folder links
 * to the one it continues), keeps a copy of the bean file there, builds and starts every bean,
 * runs the crawl to its end and stops every bean, whatever happened.
 */
export async function launchJob(target: string, options: LaunchOptions = {}): Promise<LaunchResult> {
  const id = runId();
  // The container (and inversify) load while verify reads files.
  const containerModule = import('../beans/container/bean-container.js');
  let verified = await verifyJob(target, { sets: options.sets, launchId: join('runs', id), registry: options.registry });
  // A placeholder left in (BC_SEED_PLACEHOLDER) is a warning at verify, and an error here.
  if (verified.diagnostics.some(blocksLaunch)) throw new BeancrawlError(verified.diagnostics.filter(blocksLaunch).map((d) => (isError(d) ? d : { ...d, severity: undefined })));
  if (options.dryRunDeletes) {
    // --dry-run-deletes is the fetch history's dryRunDeletes, set last.
    const history = verified.resolved!.beans.find((b) => b.descriptor.kinds.includes('FetchHistory'));
    if (!history) throw new BeancrawlError([{ code: 'BC_REF_MISSING', location: { file: verified.file }, message: '--dry-run-deletes needs a fetch history bean: a FetchHistoryStore (profile delta-recrawl), or a RedisFetchHistory' }]);
    options = { ...options, sets: [...(options.sets ?? []), `${history.id}.dryRunDeletes=true`] };
    verified = await verifyJob(target, { sets: options.sets, launchId: join('runs', id), registry: options.registry });
  }
  mark('verified');
  if (verified.diagnostics.length) options.onWarnings?.(verified.diagnostics);
  const settings = await loadEngineSettings(packageRoot());
  // A job whose frontier is shared through Redis: this launch is one worker of the crawl, in a folder of its own.
  const connection = sharedCrawlConnection(verified.resolved!);
  let worker: WorkerLaunch | undefined;
  let fromCheckpoint: string | undefined;
  if (connection) {
    const checkpointDir = options.checkpoint !== undefined ? await restoreSharedRunFrom(verified.jobDir, verified.resolved!, connection, options.checkpoint) : undefined;
    worker = await joinAsWorker(verified.jobDir, verified.resolved!, connection, id, { workerId: options.workerId, onWaiting: options.onNotice, signal: options.signal, forgetHistory: options.forgetHistory });
    const store = stateStoreBean(verified.resolved!);
    const sets = [...(options.sets ?? []), `${connection.id}.workerId=${worker.workerId}`, ...(store ? [`${store.id}.dir=${join(worker.runDir, 'state')}`] : [])];
    verified = await verifyJob(target, { sets, launchId: worker.runDir, registry: options.registry }).catch(async (e: unknown) => {
      await abandonJoin(verified.resolved!, connection);
      throw e;
    });
    // This worker's own state as the checkpoint kept it: its outputs are put back in step with it below.
    if (checkpointDir && store && (await restoreWorkerState(checkpointDir.dir, worker.workerId, join(verified.jobDir, worker.runDir, 'state')))) {
      options.onNotice?.(`starting from checkpoint ${checkpointDir.stamp.name}: this worker's state as it kept it`);
    } else if (checkpointDir) options.onNotice?.(`starting from checkpoint ${checkpointDir.stamp.name}, which kept no state of worker ${worker.workerId}`);
  } else {
    await assertNotRunning(verified.jobDir);
    fromCheckpoint = options.checkpoint !== undefined ? await startFromCheckpoint(verified.jobDir, verified.resolved!, options) : undefined;
  }
  const state = await openState(verified.resolved!, options).catch(async (e: unknown) => {
    if (connection) await abandonJoin(verified.resolved!, connection);
    throw e;
  });
  mark('state-opened');
  let runDir: string;
  let record: RunRecord;
  let resolved = verified;
  try {
    if (fromCheckpoint) options.onNotice?.(`starting from checkpoint ${fromCheckpoint}`);
    if (state?.mode === 'resume' && options.forgetHistory) options.onNotice?.('--forget-history applies to a new run; the unfinished run resumes with its history (add --fresh to drop it)');
    if (fromCheckpoint) {
      // The checkpoint's outputs belong to the run that took it; nothing is recovered.
    } else if (state?.mode === 'resume') {
      options.onNotice?.(`resuming the unfinished run ${state.previous!.runDir}`);
      for (const note of await recoverOutputs(state.journal)) options.onNotice?.(note);
    } else if (state?.previous) options.onNotice?.(`--fresh: the unfinished run ${state.previous.runDir} is dropped; a new run starts from the seeds`);
    runDir = worker?.runDir ?? (await createRunFolder(verified.jobDir, id));
    if (!worker && !runDir.endsWith(id)) resolved = await verifyJob(target, { sets: options.sets, launchId: runDir, registry: options.registry });
    await copyBeanFile(verified.file, join(verified.jobDir, runDir, basename(verified.file)));
    await writeResolvedBeans(join(verified.jobDir, runDir, RESOLVED_BEANS_FILE), resolved.resolved!);
    const continues = state?.mode === 'resume' ? state.previous!.runDir : undefined;
    if (continues && continues !== runDir) await symlink(relative(join(verified.jobDir, runDir), join(verified.jobDir, continues)), join(verified.jobDir, runDir, 'continues'));
    const startedAt = new Date().toISOString();
    await state?.begin({ runDir, continues, startedAt }, true);
    record = { run: runDir, startedAt, continues, pid: process.pid };
    await writeRunRecord(verified.jobDir, record);
    mark('run-begun');
  } catch (e) {
    await state?.close().catch(() => undefined);
    if (connection) await abandonJoin(verified.resolved!, connection);
    throw e;
  }
  const { BeanContainer } = await containerModule;
  // The state folder's database, left open by state.begin for the store bean, is closed if that bean never starts.
  const stateDir = stateStoreBean(resolved.resolved!)?.config.dir as string | undefined;
  const container = await BeanContainer.build(resolved.resolved!, settings).catch(async (e: unknown) => {
    if (stateDir !== undefined) await closeHandedOver(stateDir);
    if (connection) await abandonJoin(resolved.resolved!, connection);
    throw e;
  });
  mark('built');
  const controllerId = resolved.resolved!.beans.find((b) => b.descriptor.kinds.includes('CrawlController'))!.id;
  let exitStatus: string;
  let controller: CrawlControl | undefined;
  let exitCode: number = EXIT_ERROR;
  let failure: unknown;
  let control: { close(): Promise<void> } | undefined;
  let watchdog: JobFolderWatchdog | undefined;
  let lost: BeancrawlError | undefined;
  let seedsNotCrawled: readonly SeedRecord[] = [];
  let tracker: StatisticsTracking | undefined;
  try {
    await container.start();
    mark('started');
    controller = container.get<CrawlControl>(controllerId);
    const running = controller;
    // The job folder or the state folder deleted from under the crawl: it stops at once, writes no more and makes neither again.
    watchdog = await JobFolderWatchdog.start(watchedFolders(verified.jobDir, stateDir), (folder, why) => {
      const message = `the ${folder.what} was ${why} while the crawl ran: the crawl stops, writing nothing more and making no folder again`;
      lost = new BeancrawlError([{ code: 'BC_JOB_FOLDER_GONE', location: { file: folder.path }, message }]);
      options.onNotice?.(`alert: ${folder.path}: ${message}`);
      // As an interruption: no end-of-run work (deletions decided, lists handed over) writes outputs.
      running.terminate(INTERRUPTED);
    });
    tracker = trackerOf(container, resolved.resolved!);
    // A worker of a shared crawl is driven through Redis (beancrawl pause JOB… from any machine), not a socket of the job folder.
    if (!worker) control = await serveControlSocket(verified.jobDir, controller, {
      checkpoint: checkpointer(container, resolved.resolved!, join(verified.jobDir, runDir)),
      live: new LiveBeans(resolved.resolved!, (id) => container.get(id), join(verified.jobDir, runDir), verified.jobDir),
      explain: explainerFor(resolved.resolved!, <T>(id: string) => container.get<T>(id), 'running-crawl'),
    });
    if (worker) takeWorkerCheckpoints(container, resolved.resolved!, verified.jobDir, worker);
    options.onRunning?.(controller, runDir);
    exitStatus = await controller.run();
    mark('crawled');
    // A loss since the last look is found before the beans stop and write their ends.
    await watchdog.check();
    if (lost) throw lost;
  } catch (e) {
    failure = e;
    // Receivers hear of a crawl that failed (SAP's crawlFailed), before every bean stops.
    for (const bean of resolved.resolved!.beans) {
      if (!bean.descriptor.kinds.includes('Receiver')) continue;
      await Promise.resolve()
        .then(() => container.get<Receiver>(bean.id).crawlFailed?.(e))
        .catch(() => undefined);
    }
    throw e;
  } finally {
    // Taken over by the store bean once it started; closed here when it never did.
    if (stateDir !== undefined) await closeHandedOver(stateDir);
    await control?.close();
    mark('stopping');
    // Every bean stops, whatever happened; a failure to stop never hides the crawl's own error.
    await container.stop().catch((e: unknown) => {
      if (failure === undefined) throw e;
    });
    // A join the connection bean never took over (it did not start) is left.
    if (connection) await abandonJoin(resolved.resolved!, connection);
    // The run's record says how it ended (a failure is FINISHED_ABNORMAL); a launch killed before this keeps none of it.
    mark('stopped');
    const status = exitStatus! ?? 'FINISHED_ABNORMAL';
    const progress = controller?.progress();
    if (progress) exitCode = crawlExitCode(status, progress.seedsCrawled);
    seedsNotCrawled = seedsNotCrawledOf(tracker);
    if (!lost) await writeRunRecord(verified.jobDir, {
      ...record!, endedAt: new Date().toISOString(), exitStatus: status, exitCode, counts: progress && countsOf(progress),
    }).catch(() => undefined);
    watchdog?.release();
  }
  // What the beans say they write, of which what is there (a report left out of a `reports` list, a writer that wrote nothing).
  mark('recorded');
  const declared = resolved.resolved!.beans.flatMap((b) => b.descriptor.outputs?.(b.config) ?? []);
  const there = await Promise.all(declared.map((o) => stat(o.path).then(() => true, () => false)));
  const outputs = declared.filter((_, i) => there[i]);
  return { exitStatus: exitStatus!, exitCode, runDir, jobDir: verified.jobDir, controller: controller!, resumed: state?.mode === 'resume' ? state.previous!.runDir : undefined, outputs, seedsNotCrawled };
}

/** The job's statistics tracker, if it has one (held, so that its tallies can be read once every bean has stopped). */
function trackerOf(container: { get<T>(id: string): T }, graph: ResolvedGraph): StatisticsTracking | undefined {
  const bean = graph.beans.find((b) => b.descriptor.kinds.includes('StatisticsTracker'));
  return bean === undefined ? undefined : container.get<StatisticsTracking>(bean.id);
}

/** The seeds the statistics tracker has as not crawled (no response, or diverted), for the command's summary. */
function seedsNotCrawledOf(tracker: StatisticsTracking | undefined): SeedRecord[] {
  try {
    return [...(tracker?.statistics().seeds.values() ?? [])].filter((s) => s.status <= 0);
  } catch {
    // A tracker that never started has nothing to say.
    return [];
  }
}

/**
 * A worker's part of a shared crawl's checkpoint (`beancrawl checkpoint JOB` from any machine):
 * its own state, output positions included, into `CHECKPOINTS/NAME/workers/ID/state`.
 */
function takeWorkerCheckpoints(container: { get<T>(id: string): T }, graph: ResolvedGraph, jobDir: string, worker: WorkerLaunch): void {
  const store = stateStoreBean(graph);
  const checkpointsDir = checkpointsDirOf(graph, jobDir);
  container.get<SharedCrawlStore & { crawl: { onCheckpoint(save: (name: string) => Promise<void>): void } }>(worker.connectionBean).crawl.onCheckpoint(async (name) => {
    if (!store) throw new Error('this worker keeps no state store');
    const stateStore = container.get<StateStore>(store.id);
    if (!stateStore.copyTo) throw new Error('this state store cannot be copied into a checkpoint');
    await stateStore.copyTo(join(checkpointsDir, name, 'workers', worker.workerId, CHECKPOINT_STATE), { withJournal: true });
  });
}

/** Restores a shared crawl's run from a checkpoint in Redis, before this worker joins it. */
async function restoreSharedRunFrom(jobDir: string, graph: ResolvedGraph, connection: ResolvedBean, checkpoint: string): Promise<{ dir: string; stamp: CheckpointStamp }> {
  const { openRedisLink } = await import('../components/redis/redis-link.js');
  const { restoreSharedRun } = await import('./shared-checkpoint.js');
  const checkpointsDir = checkpointsDirOf(graph, jobDir);
  const { redisUrl, cluster, connectTimeoutMs } = connection.config as { redisUrl: string; cluster: boolean; connectTimeoutMs: number };
  const link = openRedisLink({ url: redisUrl, cluster, connectTimeoutMs });
  try {
    return await restoreSharedRun(link, sharedCrawlName(graph, connection), checkpointsDir, checkpoint);
  } catch (e) {
    if (e instanceof BeancrawlError) throw e;
    throw new BeancrawlError([{ code: 'BC_CHECKPOINT_UNKNOWN', location: { file: jobDir }, message: (e as Error)?.message ?? String(e) }]);
  } finally {
    await link.close();
  }
}

/**
 * How the control socket takes a checkpoint: through the CheckpointService bean, or, in a job
 * without one, through a service with its defaults (checkpoints in JOB/checkpoints).
 */
function checkpointer(container: { get<T>(id: string): T }, graph: ResolvedGraph, runDir: string): (() => Promise<string>) | undefined {
  const bean = graph.beans.find((b) => b.descriptor.kinds.includes('CheckpointService'));
  if (bean) return () => container.get<CheckpointService>(bean.id).checkpoint();
  const store = stateStoreBean(graph);
  if (!store) return undefined;
  const service = new CheckpointService({
    checkpointIntervalMinutes: -1, checkpointsDir: join(runDir, '..', '..', 'checkpoints'), checkpointOnShutdown: false, forgetAllButLatest: false,
    runDir, stateStore: container.get<StateStore>(store.id), loggerModule: undefined,
  });
  return () => service.checkpoint();
}

/**
 * Puts the named checkpoint's state in place of the job's. The output files of an unfinished run
 * are recovered first, since the state that knows where they stood is about to be replaced.
 */
async function startFromCheckpoint(jobDir: string, graph: ResolvedGraph, options: LaunchOptions): Promise<string> {
  const store = stateStoreBean(graph);
  if (!store) throw new BeancrawlError([{ code: 'BC_CHECKPOINT_UNKNOWN', location: { file: jobDir }, message: 'this job has no state store (LevelStateStore) to start from a checkpoint' }]);
  const found = await findCheckpoint(checkpointsDirOf(graph, jobDir), options.checkpoint!);
  // A state that cannot be read is what checkpoints are for: it is replaced, its outputs left as they are.
  const current = await openStateFolder(store.config.dir as string).catch((e: unknown) => {
    if (!(e instanceof BeancrawlError) || ['BC_JOB_RUNNING', 'BC_STATE_UNWRITABLE'].includes(e.diagnostics[0]?.code ?? '')) throw e;
    options.onNotice?.(`the current state is replaced without recovering its outputs: ${e.diagnostics[0]?.message ?? e.message}`);
    return undefined;
  });
  try {
    if (current?.mode === 'resume') for (const note of await recoverOutputs(current.journal)) options.onNotice?.(note);
  } finally {
    await current?.close();
  }
  await restoreCheckpoint(found.dir, store.config.dir as string);
  return `${found.stamp.name}${found.stamp.runDir ? ` (taken in ${found.stamp.runDir})` : ''}`;
}

/**
 * The crawl's state store: the one autowiring finds. A store declared with autowire-candidate="false"
 * (Heritrix's second BdbModule, for a deduplication history) is no run's state: never cleared, resumed or checkpointed.
 */
function stateStoreBean(graph: ResolvedGraph) {
  const stores = graph.beans.filter((b) => b.descriptor.kinds.includes('StateStore') && typeof b.config.dir === 'string');
  return stores.find((b) => b.def.autowireCandidate !== false) ?? stores[0];
}

/** The state folder of the job's state store, opened to decide between resuming and a new run; none without one. */
async function openState(graph: ResolvedGraph, options: LaunchOptions): Promise<StateFolder | undefined> {
  const store = stateStoreBean(graph);
  if (!store) return undefined;
  await finishSwap(store.config.dir as string);
  const maxOpenFiles = typeof store.config.maxOpenFiles === 'number' ? store.config.maxOpenFiles : undefined;
  return openStateFolder(store.config.dir as string, { fresh: options.fresh, forgetHistory: options.forgetHistory, maxOpenFiles });
}

/** The folders a crawl cannot go on without: the job's, and its state store's when that lies elsewhere. */
function watchedFolders(jobDir: string, stateDir: string | undefined): WatchedFolder[] {
  const folders: WatchedFolder[] = [{ what: 'job folder', path: jobDir }];
  if (stateDir !== undefined) folders.push({ what: 'state folder', path: stateDir });
  return folders;
}

/** The run's copy of the bean file, a mailbox seed's password left out (`imap://user:password@` → `imap://user@`). */
async function copyBeanFile(from: string, to: string): Promise<void> {
  await writeFile(to, redactUrlPasswords(await readFile(from, 'utf8')));
}
