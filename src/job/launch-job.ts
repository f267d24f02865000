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
import { countsOf, RUN_RECORD_FILE, writeRunRecord, type RunRecord } from './run-record.js';
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
import { CleanupFailed, CleanupStack, joinErrors } from '../util/cleanup-stack.js';
import type { BeanContainer } from '../beans/container/bean-container.js';

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
  /** The command's exit code for this crawl (docs/reference/cli.md: exit codes), as the run's run.json records it. */
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
 *
 * The stages, in order: verify, place (join a shared crawl, or check no crawl of the job runs,
 * and start from a checkpoint), open the state, begin the run, build, crawl. Each pushes the
 * undoing of what it took on one cleanup stack, which runs, last first, however the launch ends:
 * every cleanup runs, and what fails in one is told with the launch's own error, never dropped.
 */
export async function launchJob(target: string, options: LaunchOptions = {}): Promise<LaunchResult> {
  const id = runId();
  // The container (and inversify) load while verify reads files.
  const containerModule = import('../beans/container/bean-container.js');
  const verified = await verifyStage(target, id, options);
  mark('verified');
  if (verified.job.warnings.length) options.onWarnings?.(verified.job.warnings);
  const cleanups = new CleanupStack();
  const { run, crawled } = await launchStages(target, id, verified, containerModule, cleanups).catch(async (e: unknown) => {
    // Whatever the stages took is let go; what fails in that is told with the launch's own error.
    await cleanups.dispose({ error: e });
    throw e;
  });
  // Every bean stops, the run's record is written, every folder let go; a failure in any is the launch's.
  await cleanups.dispose();
  mark('recorded');
  // What the beans say they write, of which what is there (a report left out of a `reports` list, a writer that wrote nothing).
  const declared = run.job.graph.beans.flatMap((b) => b.descriptor.outputs?.(b.config) ?? []);
  const there = await Promise.all(declared.map((o) => stat(o.path).then(() => true, () => false)));
  const outputs = declared.filter((_, i) => there[i]);
  const { exitStatus, controller } = crawled;
  return {
    exitStatus, exitCode: crawlExitCode(exitStatus, controller.progress().seedsCrawled), runDir: run.runDir, jobDir: run.job.jobDir, controller,
    resumed: run.continues, outputs, seedsNotCrawled: seedsNotCrawledOf(crawled.tracker),
  };
}

/** The stages, each given what the one before it made; each pushes onto `cleanups` what undoes what it took. */
async function launchStages(
  target: string, id: string, verified: { job: LaunchGraph; options: LaunchOptions }, containerModule: Promise<typeof import('../beans/container/bean-container.js')>, cleanups: CleanupStack,
): Promise<{ run: BegunRun; crawled: Crawled }> {
  const settings = await loadEngineSettings(packageRoot());
  const placed = await placeStage(target, id, verified, cleanups);
  const state = await openState(placed.job.graph, verified.options);
  mark('state-opened');
  const run = await beginStage(target, id, placed, state, cleanups);
  const { BeanContainer } = await containerModule;
  const container = await BeanContainer.build(run.job.graph, settings);
  mark('built');
  return { run, crawled: await crawlStage(run, container, verified.options, cleanups) };
}

/** A job verified for this launch: every error refused, its graph resolved. */
interface LaunchGraph {
  readonly file: string;
  readonly jobDir: string;
  readonly graph: ResolvedGraph;
  /** Verify's warnings (beans accepted but not used): told before the crawl starts. */
  readonly warnings: readonly Diagnostic[];
}

/**
 * Verifies the job with these `--set`s and this `${launchId}`: the graph, once nothing blocks a
 * launch. A launch verifies again when what it learns changes the graph (the bean to set
 * dryRunDeletes on, a worker's name and folder, the run folder a resumed run continues in).
 */
async function verifyForLaunch(target: string, sets: readonly string[] | undefined, launchId: string, registry: Registry | undefined): Promise<LaunchGraph> {
  const verified = await verifyJob(target, { sets, launchId, registry });
  // A placeholder left in (BC_SEED_PLACEHOLDER) is a warning at verify, and an error here.
  const blocking = verified.diagnostics.filter(blocksLaunch);
  if (blocking.length) throw new BeancrawlError(blocking.map((d) => (isError(d) ? d : { ...d, severity: undefined })));
  // verifyBeans resolves every graph it finds no error in.
  if (!verified.resolved) throw new Error(`verify found no error in ${verified.file} but resolved no graph`);
  return { file: verified.file, jobDir: verified.jobDir, graph: verified.resolved, warnings: verified.diagnostics };
}

/** Stage 1: the job verified, and the options it launches with (`--dry-run-deletes` made a `--set`). */
async function verifyStage(target: string, id: string, options: LaunchOptions): Promise<{ job: LaunchGraph; options: LaunchOptions }> {
  const job = await verifyForLaunch(target, options.sets, join('runs', id), options.registry);
  if (!options.dryRunDeletes) return { job, options };
  // --dry-run-deletes is the fetch history's dryRunDeletes, set last.
  const history = job.graph.beans.find((b) => b.descriptor.kinds.includes('FetchHistory'));
  if (!history) throw new BeancrawlError([{ code: 'BC_REF_MISSING', location: { file: job.file }, message: '--dry-run-deletes needs a fetch ' +
    'history bean: a FetchHistoryStore (profile delta-recrawl), or a RedisFetchHistory' }]);
  const withDryRun = { ...options, sets: [...(options.sets ?? []), `${history.id}.dryRunDeletes=true`] };
  return { job: await verifyForLaunch(target, withDryRun.sets, join('runs', id), options.registry), options: withDryRun };
}

/** Where this launch's run lives: a worker's folder of a shared crawl, or the job's own. */
interface Placed {
  readonly job: LaunchGraph;
  readonly options: LaunchOptions;
  /** This launch's part of a crawl shared through Redis. */
  readonly worker?: WorkerLaunch;
  /** The checkpoint the job's state was put back to (its name, and the run that took it). */
  readonly fromCheckpoint?: string;
}

/**
 * Stage 2: a job whose frontier is shared through Redis joins the crawl as one worker, in a folder
 * of its own (left again if the launch fails before its connection bean takes it over); any other
 * job is checked not to be running, and its state put back to the checkpoint asked for.
 */
async function placeStage(target: string, id: string, verified: { job: LaunchGraph; options: LaunchOptions }, cleanups: CleanupStack): Promise<Placed> {
  const { job, options } = verified;
  const connection = sharedCrawlConnection(job.graph);
  if (!connection) {
    await assertNotRunning(job.jobDir);
    const fromCheckpoint = options.checkpoint !== undefined ? await startFromCheckpoint(job.jobDir, job.graph, options) : undefined;
    return { job, options, fromCheckpoint };
  }
  const checkpointDir = options.checkpoint !== undefined ? await restoreSharedRunFrom(job.jobDir, job.graph, connection, options.checkpoint) : undefined;
  const worker = await joinAsWorker(job.jobDir, job.graph, connection, id, { workerId: options.workerId, onWaiting: options.onNotice, signal: options.signal, forgetHistory: options.forgetHistory });
  // Run after the beans stopped: a join the connection bean took over is no longer to be taken, so only one it never took is left here.
  cleanups.defer('leaving the shared crawl', () => abandonJoin(job.graph, connection));
  const store = stateStoreBean(job.graph);
  const sets = [...(options.sets ?? []), `${connection.id}.workerId=${worker.workerId}`, ...(store ? [`${store.id}.dir=${join(worker.runDir, 'state')}`] : [])];
  const workerJob = await verifyForLaunch(target, sets, worker.runDir, options.registry);
  // This worker's own state as the checkpoint kept it: its outputs are put back in step with it below.
  if (checkpointDir && store && (await restoreWorkerState(checkpointDir.dir, worker.workerId, join(workerJob.jobDir, worker.runDir, 'state')))) {
    options.onNotice?.(`starting from checkpoint ${checkpointDir.stamp.name}: this worker's state as it kept it`);
  } else if (checkpointDir) options.onNotice?.(`starting from checkpoint ${checkpointDir.stamp.name}, which kept no state of worker ${worker.workerId}`);
  return { job: workerJob, options, worker };
}

/** A run begun: its folder made, its record and the state's journal saying it runs. */
interface BegunRun extends Placed {
  /** The run folder, relative to the job folder. */
  readonly runDir: string;
  readonly record: RunRecord;
  /** The unfinished run this one resumes. */
  readonly continues?: string;
  /** The state store's folder, whose database the store bean takes over as it starts. */
  readonly stateDir?: string;
}

/**
 * Stage 3: what the opened state says (resume, or a new run), the run folder made and filled
 * (the bean file's copy, the resolved beans, `continues`), the state's journal and the run
 * record begun. From here the run's record is ended however the launch ends (FINISHED_ABNORMAL
 * when the crawl did not end by itself), unless the job folder is gone.
 */
async function beginStage(target: string, id: string, placed: Placed, state: StateFolder | undefined, cleanups: CleanupStack): Promise<BegunRun> {
  const { options, worker, fromCheckpoint } = placed;
  let { job } = placed;
  const { jobDir } = job;
  // The state's database is closed if the launch fails before the run begins; from then the store bean takes it over.
  const closeState = state && cleanups.defer('the state folder', () => state.close());
  if (fromCheckpoint) options.onNotice?.(`starting from checkpoint ${fromCheckpoint}`);
  if (state?.mode === 'resume' && options.forgetHistory) options.onNotice?.('--forget-history applies to a new run; the unfinished run resumes ' +
    'with its history (add --fresh to drop it)');
  const continues = state?.mode === 'resume' ? state.previous?.runDir : undefined;
  if (fromCheckpoint) {
    // The checkpoint's outputs belong to the run that took it; nothing is recovered.
  } else if (state?.mode === 'resume') {
    options.onNotice?.(`resuming the unfinished run ${continues}`);
    for (const note of await recoverOutputs(state.journal)) options.onNotice?.(note);
  } else if (state?.previous) options.onNotice?.(`--fresh: the unfinished run ${state.previous.runDir} is dropped; a new run starts from the seeds`);
  const runDir = worker?.runDir ?? (await createRunFolder(jobDir, id));
  // A resumed run goes on in its own folder: `${launchId}` is that folder's.
  if (!worker && !runDir.endsWith(id)) job = await verifyForLaunch(target, options.sets, runDir, options.registry);
  await copyBeanFile(job.file, join(jobDir, runDir, basename(job.file)));
  await writeResolvedBeans(join(jobDir, runDir, RESOLVED_BEANS_FILE), job.graph);
  if (continues && continues !== runDir) await symlink(relative(join(jobDir, runDir), join(jobDir, continues)), join(jobDir, runDir, 'continues'));
  const startedAt = new Date().toISOString();
  // The state folder's database, left open by state.begin for the store bean, is closed if that bean never starts.
  const stateDir = stateStoreBean(job.graph)?.config.dir as string | undefined;
  await state?.begin({ runDir, continues, startedAt }, true);
  closeState?.();
  if (stateDir !== undefined) cleanups.defer('the state folder handed over', () => closeHandedOver(stateDir));
  const record: RunRecord = { run: runDir, startedAt, continues, pid: process.pid };
  await writeRunRecord(jobDir, record);
  mark('run-begun');
  return { ...placed, job, runDir, record, continues, stateDir };
}

/** A crawl that ended by itself (its exit code and seed tallies are read once every bean stopped). */
interface Crawled {
  readonly exitStatus: string;
  readonly controller: CrawlControl;
  /** The statistics tracker, held so that its tallies can be read once every bean has stopped. */
  readonly tracker?: StatisticsTracking;
}

/**
 * Stage 4: the folders watched, every bean started, the control socket served (a worker's crawl is
 * driven through Redis instead), the crawl run to its end. Its cleanups, last first: the socket
 * closed, every bean stopped, the run's record ended, the folders let go. Receivers hear of a
 * crawl that failed (SAP's crawlFailed) before any of that.
 */
async function crawlStage(run: BegunRun, container: BeanContainer, options: LaunchOptions, cleanups: CleanupStack): Promise<Crawled> {
  const { job, runDir, stateDir, worker } = run;
  const { jobDir, graph } = job;
  const controllerId = graph.beans.find((b) => b.descriptor.kinds.includes('CrawlController'))!.id;
  const controller = container.get<CrawlControl>(controllerId);
  const tracker = trackerOf(container, graph);
  let exitStatus: string | undefined;
  let started = false;
  let lost: BeancrawlError | undefined;
  // The job folder or the state folder deleted from under the crawl: it stops at once, writes no more and makes neither again.
  const watchdog = await JobFolderWatchdog.start(watchedFolders(jobDir, stateDir), (folder, why) => {
    const message = `the ${folder.what} was ${why} while the crawl ran: the crawl stops, writing nothing more and making no folder again`;
    lost = new BeancrawlError([{ code: 'BC_JOB_FOLDER_GONE', location: { file: folder.path }, message }]);
    options.onNotice?.(`alert: ${folder.path}: ${message}`);
    // As an interruption: no end-of-run work (deletions decided, lists handed over) writes outputs.
    if (started) controller.terminate(INTERRUPTED);
  });
  // Let go last: the beans that stop after a loss must not make the folders again.
  cleanups.defer('the job folder watch', () => watchdog.release());
  // The run's record says how it ended (a failure is FINISHED_ABNORMAL); a launch killed before this keeps none of it.
  // A job folder gone has no run folder to write it in.
  cleanups.defer(`the run record ${join(jobDir, runDir, RUN_RECORD_FILE)}`, async () => {
    if (lost) return;
    const status = exitStatus ?? 'FINISHED_ABNORMAL';
    const progress = started ? controller.progress() : undefined;
    await writeRunRecord(jobDir, {
      ...run.record, endedAt: new Date().toISOString(), exitStatus: status, exitCode: progress ? crawlExitCode(status, progress.seedsCrawled) : EXIT_ERROR, counts: progress && countsOf(progress),
    });
  });
  // Every bean stops, whatever happened, those that started; the failures of any are told together.
  cleanups.defer('stopping the beans', async () => {
    mark('stopping');
    try {
      await container.stop();
    } catch (e) {
      // With a folder gone, the beans fail to write their ends into it: echoes of BC_JOB_FOLDER_GONE, which is told.
      if (!lost) throw e;
    }
    mark('stopped');
  });
  try {
    await container.start();
    started = true;
    mark('started');
    if (lost) throw lost;
    // A worker of a shared crawl is driven through Redis (beancrawl pause JOB… from any machine), not a socket of the job folder.
    if (!worker) {
      const control = await serveControlSocket(jobDir, controller, {
        checkpoint: checkpointer(container, graph, join(jobDir, runDir)),
        live: new LiveBeans(graph, (id) => container.get(id), join(jobDir, runDir), jobDir),
        explain: explainerFor(graph, <T>(id: string) => container.get<T>(id), 'running-crawl'),
      });
      cleanups.defer('the control socket', () => control.close());
    } else takeWorkerCheckpoints(container, graph, jobDir, worker);
    options.onRunning?.(controller, runDir);
    exitStatus = await controller.run();
    mark('crawled');
    // A loss since the last look is found before the beans stop and write their ends.
    await watchdog.check();
    if (lost) throw lost;
  } catch (e) {
    const unheard = await tellReceiversOfFailure(container, graph, e);
    throw unheard.length ? joinErrors([e, ...unheard]) : e;
  }
  return { exitStatus, controller, tracker };
}

/** Receivers hear of a crawl that failed (SAP's crawlFailed); those whose hearing failed, as errors naming them. */
async function tellReceiversOfFailure(container: BeanContainer, graph: ResolvedGraph, failure: unknown): Promise<CleanupFailed[]> {
  const unheard: CleanupFailed[] = [];
  for (const bean of graph.beans) {
    if (!bean.descriptor.kinds.includes('Receiver')) continue;
    try {
      await container.get<Receiver>(bean.id).crawlFailed?.(failure);
    } catch (e) {
      unheard.push(new CleanupFailed(`receiver "${bean.id}" on hearing that the crawl failed`, e));
    }
  }
  return unheard;
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
  if (!store) throw new BeancrawlError([{ code: 'BC_CHECKPOINT_UNKNOWN', location: { file: jobDir }, message: 'this job has no state store ' +
    '(LevelStateStore) to start from a checkpoint' }]);
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
