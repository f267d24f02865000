import { unlink } from 'node:fs/promises';
import { defineComponent, type ComponentClass, type ConfigOf } from '../beans/registry/component-descriptor.js';
import { INTERRUPTED, type ControllerState, type CrawlControl, type CrawlProgress, type DeltaCounts, type PauseReason, type SeedAdded } from '../model/crawl-control.js';
import { Configurable } from '../model/configurable.js';
import { fullMatchRegex } from '../util/java-regex.js';
import { listsQueues, type QueueSummary } from '../model/frontier-queues.js';
import { CrawlUri, type Diversion } from '../model/crawl-uri.js';
import { failureReason } from '../model/failure-reason.js';
import { SchedulingDirective } from '../model/precedence-policies.js';
import { FetchStatus } from '../model/fetch-status.js';
import { errorCodeOf, sourceErrorStatus } from '../model/source-error-status.js';
import type { Disposition } from '../model/frontier.js';
import type { StateSublevel } from '../model/state-store.js';
import { normalizeUrl } from '../util/url/normalize-url.js';
import { sharedCrawlOf, type SharedCrawl, type SharedCrawlState } from '../model/shared-crawl.js';
import { CandidateAdmission } from './candidate-admission.js';
import { BoundedWork } from '../util/bounded-work.js';

export const crawlControllerComponent = defineComponent({
  name: 'CrawlController',
  aliases: ['org.archive.crawler.framework.CrawlController'],
  description:
    'Runs the crawl: announces the seeds, then `maxToeThreads` workers take URIs from the frontier, run each through the ' +
    'fetch chain and the disposition chain, and hand it back, until the frontier is empty or a limit is reached. A delta ' +
    'run that was not cut short then fetches the documents of earlier runs it did not reach, and decides deletions.',
  kinds: ['CrawlController'],
  propertyAliases: { pauseAtFinish: 'runWhileEmpty' },
  props: {
    maxToeThreads: { type: 'integer', default: 25, minimum: 1, maximum: 10000, live: true, description: 'URIs processed at once (workers on the ' +
      'event loop; Heritrix\'s toe threads).' },
    pauseAtStart: { type: 'boolean', default: false, description: 'Accepted for Heritrix files (whose default is true); a launch here always runs ' +
      'to the end.' },
    runWhileEmpty: { type: 'boolean', default: false, description: 'Accepted for Heritrix files; a crawl here ends when its frontier is empty. ' +
      'Heritrix 3.0 called it `pauseAtFinish`.' },
    recorderInBufferBytes: { type: 'integer', default: 524288, description: 'Accepted for Heritrix files; ignored here: FetchHttp\'s ' +
      'recorderInBufferBytes bounds what one response holds in memory.' },
    recorderOutBufferBytes: { type: 'integer', default: 16384, description: 'Accepted for Heritrix files; ignored: a request is small and sent at once.' },
    scratchDir: { type: 'string', default: 'scratch', description: 'Accepted for Heritrix files; ignored here: FetchHttp\'s scratchDir holds the ' +
      'files of large responses.' },
  },
  refs: {
    metadata: { kind: 'CrawlMetadata', required: true, autowire: true, description: 'Who runs the crawl.' },
    seeds: { kind: 'SeedModule', required: true, autowire: true, description: 'Where the crawl starts.' },
    frontier: { kind: 'Frontier', required: true, autowire: true, description: 'The queues.' },
    fetchChain: { kind: 'FetchChain', required: true, autowire: true, description: 'Fetch and extract.' },
    candidateChain: { kind: 'CandidateChain', required: true, autowire: true, description: 'Scope and prepare each seed.' },
    dispositionChain: { kind: 'DispositionChain', required: true, autowire: true, description: 'After the fetch.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'crawl.log and the error logs.' },
    crawlLimiter: { kind: 'CrawlLimiter', autowire: true, description: 'Soft limits.' },
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps the crawl\'s totals and whether it finished; a failed commit (disk full) ' +
      'pauses the crawl until one succeeds.' },
    fetchHistory: { kind: 'FetchHistory', autowire: true, description: 'In delta runs: the documents of earlier runs not reached, fetched again at ' +
      'the end, and the deletions decided then.' },
    deltaListener: { kind: 'DeltaListener', autowire: true, description: 'Hears the events decided at the end of a run (deleted documents) and ' +
      'that the run ended (list receivers).' },
    sheetOverlaysManager: { kind: 'SheetOverlaysManager', autowire: true, description: 'Gives seeds their sheets and restores queued URIs\' sheets.' },
  },
  load: async (): Promise<ComponentClass> => CrawlController,
});

/** What the controller keeps in the state store (sublevel `run`, key `controller`). */
interface ControllerRecord {
  readonly bytes: number;
  readonly documents: number;
  readonly elapsedMs: number;
  /** Seeds that got a response (any status above 0); absent in records of older versions. */
  readonly seedsCrawled?: number;
  /** A delta run's documents by kind so far; absent outside delta runs. */
  readonly delta?: DeltaCounts;
  /** The run is over for good: the next launch starts a new one. */
  readonly finished: boolean;
  readonly exitStatus?: string;
  /**
   * Set once the run was ended (terminate, a limit) and is closing: a launch killed then resumes
   * only to close it, with this exit status, instead of crawling on.
   */
  readonly ending?: string;
}

export { INTERRUPTED } from '../model/crawl-control.js';

/** A worker failed: the crawl stops, and the next launch resumes it. */
const FINISHED_ABNORMAL = 'FINISHED_ABNORMAL';

/** A URI is done: the files made for it (responses kept partly on disk) go; one already gone is no matter. */
function removeScratch(curi: CrawlUri): void {
  const files = curi.scratchFiles ?? [];
  curi.scratchFiles = undefined;
  // Not awaited, off the URI's path: a scratch file that cannot be removed is only disk space in the scratch folder, which the next launch empties.
  for (const file of files) unlink(file).catch(() => undefined);
}

/** Heritrix's CrawlController: seeds in, workers on, until done. */
export class CrawlController extends Configurable<typeof crawlControllerComponent> implements CrawlControl {
  #state: ControllerState = 'NASCENT';
  readonly #abort = new AbortController();
  #exitStatus = 'FINISHED';
  /** The workers running (by number) and the runs of those started since #workers() began. */
  readonly #workerNumbers = new Set<number>();
  #workerRuns: Array<Promise<void>> = [];
  #working = false;
  #startedAt = 0;
  #bytes = 0;
  #documents = 0;
  #seedsCrawled = 0;
  /** Seeds announced this run that a crawl mapper diverted to another crawler. */
  readonly #divertedSeeds: Array<{ uri: string } & Diversion> = [];
  /** A delta run's documents by kind (set only when the fetch history runs delta crawls). */
  #delta?: { new: number; changed: number; unchanged: number; deleted: number };
  #busy = 0;
  /** URIs whose writers are still at work behind their chains (Processor.writesBehind), as many as there are toe threads. */
  readonly #behind = new BoundedWork(() => this.config.maxToeThreads);
  /** Why the crawl is paused: it runs only while this is empty (asked for before it runs, it starts paused). */
  readonly #pausedFor = new Set<PauseReason>();
  /** What the reasons that came with one say (the state store's fault, a component's alert), in alerts.log and progress().alert while they hold. */
  readonly #pauseAlerts = new Map<PauseReason, string>();
  /** While paused: the promise workers wait on before taking a URI. */
  #gate?: Promise<void>;
  #resume?: () => void;
  /** Elapsed time of the runs this one continues. */
  #elapsedBefore = 0;
  #run?: StateSublevel;
  /** The record last staged: an idle crawl stages nothing. */
  #staged = '';
  /** How the launch this one resumes had ended the run, if it had (see ControllerRecord.ending). */
  #ending?: string;

  readonly #admission: CandidateAdmission;
  /** The crawl this worker shares with others (a Redis-backed frontier): its pause, unpause and terminate hold here too. */
  #shared?: SharedCrawl;

  constructor(config: ConfigOf<typeof crawlControllerComponent>) {
    super(config);
    this.#admission = new CandidateAdmission(config);
  }

  /** A live change of maxToeThreads takes effect at once: more workers start, or those above it stop after their URI. */
  override reconfigure(changes: Partial<ConfigOf<typeof crawlControllerComponent>>): void {
    super.reconfigure(changes);
    this.#behind.limitChanged();
    if (this.#working) this.#addWorkers();
  }

  /** Takes up the totals of the run this launch resumes, and keeps them with every commit. */
  async start(): Promise<void> {
    const store = this.config.stateStore;
    if (!store || this.#run) return;
    this.#run = store.sublevel('run');
    const text = await this.#run.get('controller');
    if (text) {
      const saved = JSON.parse(text) as ControllerRecord;
      this.#bytes = saved.bytes;
      this.#documents = saved.documents;
      this.#seedsCrawled = saved.seedsCrawled ?? 0;
      if (saved.delta) this.#delta = { ...saved.delta };
      this.#elapsedBefore = saved.elapsedMs;
      this.#ending = saved.ending;
    }
    store.participate({ stage: (final) => this.#stage(final === true) });
    store.onFault((error) => this.#storeFault(error));
  }

  async run(): Promise<string> {
    const { frontier } = this.config;
    if (this.config.fetchHistory?.deltaCrawl) this.#delta ??= { new: 0, changed: 0, unchanged: 0, deleted: 0 };
    this.#state = 'PREPARING';
    this.#startedAt = Date.now();
    this.#shared = sharedCrawlOf(frontier);
    frontier.onFinal((curi, d) => this.#final(curi, d));
    // Where every output file starts is committed before the first line is written to it.
    await this.config.stateStore?.commit();
    // A run ended before a kill cut its closing short: it is closed now, and crawls no further.
    if (this.#ending !== undefined) this.terminate(this.#ending);
    else await this.#announceSeeds();
    if (!this.#abort.signal.aborted) this.#state = 'RUNNING';
    this.#closeGate();
    this.#shared?.watchState((state, exitStatus) => this.#sharedState(state, exitStatus));
    // Limits are also checked while every queue rests, when no URI finishes to trigger a check.
    const clock = setInterval(() => this.#checkLimits(), 1000);
    try {
      await this.#workers();
      if (!this.#abort.signal.aborted) await this.#endOfRun();
      // Drained and ended here: over for every worker of a shared crawl, whose summary has the crawl's last counts.
      if (this.#shared && !this.#abort.signal.aborted) {
        await this.#shared.finish();
        await frontier.refreshStats?.();
      }
      // A run cut short by a limit or by terminate, even during its end-of-run check, is over all
      // the same: it decides no deletions (what it did not reach is not proven gone), yet its list
      // receivers get what it found. An interrupted run is not over: its resumption hands the list.
      if (this.#exitStatus !== INTERRUPTED) await this.config.deltaListener?.runEnded();
    } finally {
      clearInterval(clock);
    }
    this.#state = 'FINISHED';
    return this.#exitStatus;
  }

  terminate(exitStatus = 'ABORTED'): void {
    if (this.#abort.signal.aborted) return;
    // A limit or an operator ends the whole shared crawl; an interrupt or a failure stops this worker only.
    if (this.#shared && exitStatus !== INTERRUPTED && exitStatus !== FINISHED_ABNORMAL) {
      this.#shared.setState('TERMINATING', exitStatus).catch((e: unknown) => this.config.loggerModule?.alert?.('WARNING', `the other workers could ` +
        `not be told to terminate: ${(e as Error)?.message ?? String(e)}`));
    }
    this.#exitStatus = exitStatus;
    this.#state = 'STOPPING';
    this.#abort.abort();
    this.#gate = undefined;
    this.#resume?.();
    this.config.frontier.wakeAll();
  }

  /** The operator's pause. */
  pause(): void {
    this.#hold('operator');
  }

  /** A component's pause (DiskSpaceMonitor), with the alert that says why, until the operator unpauses. */
  pauseWithAlert(alert: string): void {
    this.#hold('alert', alert);
  }

  /**
   * The operator's unpause: lifts the operator's pause (asked here or, for a shared crawl, on any
   * machine) and a component's (the operator unpauses once the disk has room), not a state store's
   * that cannot write nor a shared crawl's out of reach: those lift themselves once their cause is gone.
   */
  unpause(): void {
    this.#release('operator', 'shared-crawl', 'alert');
  }

  /**
   * Holds the crawl for a reason, the crawl pausing if it runs (or once it does). An alert that
   * comes with the reason goes to alerts.log when the reason comes (a store failing again, a check
   * finding the same, is not said again) and stays in progress().alert while the reason holds.
   */
  #hold(reason: PauseReason, alert?: string): void {
    if (alert !== undefined) {
      if (!this.#pauseAlerts.has(reason)) this.config.loggerModule?.alert?.('SEVERE', alert);
      this.#pauseAlerts.set(reason, alert);
    }
    this.#pausedFor.add(reason);
    this.#closeGate();
  }

  /** Lets go of reasons; the crawl goes on once none holds it. */
  #release(...reasons: PauseReason[]): void {
    for (const reason of reasons) {
      this.#pausedFor.delete(reason);
      this.#pauseAlerts.delete(reason);
    }
    if (this.#state !== 'PAUSED' || this.#pausedFor.size > 0) return;
    this.#state = 'RUNNING';
    this.#gate = undefined;
    this.#resume?.();
  }

  /** A running crawl held for some reason pauses: workers finish their URI and wait at the gate. */
  #closeGate(): void {
    if (this.#state !== 'RUNNING' || this.#pausedFor.size === 0) return;
    this.#state = 'PAUSED';
    this.#gate = new Promise((resolve) => (this.#resume = resolve));
  }

  progress(): CrawlProgress {
    // A crawl that workers share counts the whole crawl's documents and bytes, not this worker's.
    const shared = this.#shared && this.config.frontier.stats().shared;
    return {
      state: this.#state === 'PAUSED' && this.#busy > 0 ? 'PAUSING' : this.#state, frontier: this.config.frontier.stats(), busyWorkers: this.#busy,
      exitStatus: this.#state === 'FINISHED' || this.#state === 'STOPPING' ? this.#exitStatus : undefined,
      bytes: shared?.bytes ?? this.#bytes, documents: shared?.documents ?? this.#documents, seedsCrawled: shared?.seedsCrawled ?? this.#seedsCrawled, delta: this.#delta && { ...(shared?.delta ?? this.#delta) }, elapsedMs: this.#elapsed(),
      alert: this.#pauseAlerts.size > 0 ? [...this.#pauseAlerts.values()].join('; ') : undefined,
      pausedFor: this.#pausedFor.size > 0 && !this.#abort.signal.aborted ? [...this.#pausedFor] : undefined,
      recentAlerts: this.config.loggerModule?.recentAlerts?.(),
    };
  }

  divertedSeeds(): ReadonlyArray<{ readonly uri: string } & Diversion> {
    return this.#divertedSeeds;
  }

  async addSeeds(urls: readonly string[]): Promise<SeedAdded[]> {
    const added: SeedAdded[] = [];
    for (const text of urls) {
      const url = normalizeUrl(text);
      if (!url) {
        added.push({ url: text, scheduled: false, why: 'not a crawlable URL (only http, https, file, imap and imaps URLs are)' });
        continue;
      }
      this.config.seeds.addSeed(url);
      const candidate = new CrawlUri(url, { isSeed: true, schedulingDirective: SchedulingDirective.MEDIUM });
      const scheduled = await this.#admission.admit(candidate);
      added.push(scheduled ? { url, scheduled } : { url, scheduled, why: candidate.fetchStatus === FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR ? 'another crawler\'s (a crawl mapper diverted it)' : 'out of scope, or already seen' });
    }
    return added;
  }

  queueAction(action: 'retire' | 'reactivate', key: string): boolean | undefined {
    const { frontier } = this.config;
    if (!listsQueues(frontier)) return undefined;
    return action === 'retire' ? frontier.retireQueue?.(key) : frontier.reactivateQueue?.(key);
  }

  async deleteUris(key: string, pattern: string): Promise<number | null | undefined> {
    const { frontier } = this.config;
    if (!listsQueues(frontier) || !frontier.deleteUris) return undefined;
    const regex = fullMatchRegex(pattern);
    return (await frontier.deleteUris(key, (uri) => regex.test(uri))) ?? null;
  }

  queues(): Iterable<QueueSummary> | undefined {
    const { frontier } = this.config;
    return listsQueues(frontier) ? frontier.queueSummaries() : undefined;
  }

  async #announceSeeds(): Promise<void> {
    const { seeds, loggerModule } = this.config;
    for (const seed of (await seeds.loadSeeds()).seeds) {
      const url = normalizeUrl(seed.url);
      if (!url) {
        loggerModule?.uriError(seed.url, undefined, 'seed is not a crawlable URL');
        loggerModule?.alert?.('WARNING', `seed ${seed.url} (line ${seed.line}) is not a crawlable URL`);
        continue;
      }
      // Heritrix's TextSeedModule: seeds are MEDIUM, before NORMAL links of their queue.
      const candidate = new CrawlUri(url, { isSeed: true, sourceTag: seed.sourceTag, schedulingDirective: SchedulingDirective.MEDIUM });
      // A seed another crawler owns (a crawl mapper diverted it, status -5002) is that crawler's to crawl, not an error: said, not crawled here.
      const admitted = await this.#admission.admit(candidate);
      if (candidate.divertedTo) {
        const { crawler, file } = candidate.divertedTo;
        this.#divertedSeeds.push({ uri: url, crawler, file });
        loggerModule?.alert?.('WARNING', `seed ${url} is diverted to crawler ${crawler} (written to ${file}): that crawler crawls it, not this one`);
      } else if (!admitted && candidate.fetchStatus !== FetchStatus.BLOCKED_BY_CUSTOM_PROCESSOR) {
        loggerModule?.uriError(url, undefined, 'seed is out of scope');
        loggerModule?.alert?.('WARNING', `seed ${url} is out of scope: check the scope rules (beancrawl explain JOB ${url})`);
      }
    }
  }

  /** Runs the workers until the frontier is empty; one that fails stops the others before the error goes on. */
  async #workers(): Promise<void> {
    this.#workerRuns = [];
    this.#working = true;
    this.#addWorkers();
    const outcomes: Array<PromiseSettledResult<void>> = [];
    // Workers started while these ran (maxToeThreads raised live) are waited for too.
    for (let seen = 0; seen < this.#workerRuns.length;) {
      const batch = this.#workerRuns.slice(seen);
      seen += batch.length;
      outcomes.push(...(await Promise.allSettled(batch)));
    }
    this.#working = false;
    // A crawl stopped early leaves URIs writing behind: their writes end before any bean stops.
    await this.#behind.idle();
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Starts a worker for each number up to maxToeThreads that has none running. */
  #addWorkers(): void {
    for (let n = 1; n <= this.config.maxToeThreads; n++) {
      if (this.#workerNumbers.has(n)) continue;
      this.#workerNumbers.add(n);
      this.#workerRuns.push(this.#work(n).catch((e: unknown) => {
        this.terminate(FINISHED_ABNORMAL);
        throw e;
      }).finally(() => this.#workerNumbers.delete(n)));
    }
  }

  /**
   * The end of a run that was not cut short. A delta run first fetches the documents of earlier
   * runs that it has not reached (SAP's postprocessor), then has the fetch history decide the
   * deletions (it alone alerts when it withholds them); the delta listener hears of them. A stop
   * during the check leaves the deletions undecided.
   */
  async #endOfRun(): Promise<void> {
    const { fetchHistory, deltaListener } = this.config;
    if (!fetchHistory?.deltaCrawl) return;
    const shared = this.#shared;
    const signal = this.#abort.signal;
    const check = async (): Promise<number> => fetchHistory.scheduleUnseen((uri) => this.#scheduleCheck(uri));
    const decide = async (): Promise<void> => {
      const counted: Array<Promise<void>> = [];
      await fetchHistory.finishRun((event) => {
        // Documents decided at the end, without a fetch this run: unchanged (not reached, still there by the history) or deleted.
        if (this.#delta && event.kind !== 'found') this.#delta[event.kind]++;
        // Counted crawl-wide too, before the step is done, so that every worker's summary has them.
        if (shared && event.kind !== 'found') counted.push(shared.count(`delta:${event.kind}`));
        return deltaListener?.documentEvent(event);
      });
      await Promise.all(counted);
    };
    if (!shared) {
      if (await check()) await this.#workers();
      if (!signal.aborted) await decide();
      return;
    }
    // A crawl shared by workers: one of them queues the documents not reached (the others wait,
    // lest they find the frontier empty before it is done); all fetch them; once none is left
    // anywhere, one decides the deletions and reports them through its receivers.
    await shared.once('delta-check', check, signal);
    if (signal.aborted) return;
    await this.#workers();
    if (!signal.aborted) await shared.once('delta-decide', decide, signal);
  }

  /** A document not reached this run, fetched again to see whether it is still there. */
  async #scheduleCheck(uri: string): Promise<void> {
    await this.#admission.admit(new CrawlUri(uri, { deltaCheck: true, forceFetch: true }));
  }

  async #work(worker: number): Promise<void> {
    const { frontier, fetchChain, dispositionChain, loggerModule } = this.config;
    const signal = this.#abort.signal;
    for (;;) {
      if (this.#gate) await this.#gate;
      // Fewer workers asked for while the crawl runs: the ones above the number stop here.
      if (worker > this.config.maxToeThreads) return;
      const curi = await frontier.next(signal);
      if (!curi) return;
      // A pause that came while this worker waited for a URI holds the URI (its queue stays busy) until
      // unpause; a frontier shared with other workers takes it back instead, so that nothing is in flight.
      if (this.#gate && frontier.handBack) {
        await frontier.handBack(curi);
        continue;
      }
      if (this.#gate) await this.#gate;
      this.#busy++;
      curi.worker = worker;
      if (curi.sheetKey) curi.overlay = this.config.sheetOverlaysManager?.overlayByKey(curi.sheetKey);
      // A URI leased from a frontier shared with other workers: its work behind (writers anywhere
      // in the chains) waits for the fence below.
      const fence = curi.leaseSignal ? withResolvers() : undefined;
      if (fence) curi.behind(() => fence.promise);
      try {
        const fetched = fetchChain.run(curi);
        if (fetched) await fetched;
      } catch (e) {
        // A server a processor needs (Redis's fetch history, a database) lost or restarting: retried as a
        // connection failure of the web is (the classification every source shares); anything else is -5.
        curi.fetchStatus = sourceErrorStatus(e);
        curi.annotations.push(curi.fetchStatus === FetchStatus.RUNTIME_EXCEPTION ? 'err=runtime' : `err:${errorCodeOf(e)}`);
        loggerModule?.runtimeError(curi, e);
      }
      // The fence: nothing of a leased URI leaves this process (WARC records, receivers, the mirror,
      // crawl.log, the fetch history, the outlinks) unless its frontier still holds it. A URI with no
      // lease (a frontier of this process alone) cannot be lost, and costs no await here.
      // A URI its fetcher discarded already (its lease guard ended the fetch) is not asked about.
      if (fence && curi.discarded === undefined && !(await this.#stillHeld(curi))) {
        curi.discarded = 'its lease ran out and went to another worker, which writes it';
      }
      fence?.resolve();
      if (curi.discarded === undefined) {
        try {
          const disposed = dispositionChain.run(curi);
          if (disposed) await disposed;
        } catch (e) {
          loggerModule?.runtimeError(curi, e);
        }
      } else {
        loggerModule?.alert?.('WARNING', `discarded ${curi.uri} (${curi.fetchStatus}): ${curi.discarded}; nothing of this copy was written`);
      }
      this.#busy--;
      // A fetch that failed with an error is said at every try, before the frontier decides on a retry.
      const nonfatal = curi.discarded === undefined ? loggerModule?.nonfatalError?.bind(loggerModule) : undefined;
      if (curi.fetchStatus < 0 && nonfatal) this.#nonfatal(curi, nonfatal);
      try {
        const finished = frontier.finished(curi);
        if (finished instanceof Promise) await finished;
      } catch (e) {
        loggerModule?.runtimeError(curi, e);
      }
      const behind = curi.behindDone;
      if (behind === undefined) {
        if (curi.scratchFiles !== undefined) removeScratch(curi);
        continue;
      }
      // Its writers go on behind (a response kept on disk is read back there); as many URIs may
      // write behind as there are toe threads, so that a slow disk holds the crawl back, not memory.
      const full = this.#behind.add(behind.then(() => {
        if (curi.scratchFiles !== undefined) removeScratch(curi);
      }));
      if (full) await full;
    }
  }

  /** Whether the frontier still holds the URI (Frontier.stillHeld); a frontier that cannot tell (its store away) holds it not. */
  async #stillHeld(curi: CrawlUri): Promise<boolean> {
    try {
      return await this.config.frontier.stillHeld(curi);
    } catch (e) {
      this.config.loggerModule?.runtimeError(curi, e);
      return false;
    }
  }

  /** nonfatal-errors.log: a try whose fetcher noted an error (`err:CODE`), with why in words. */
  #nonfatal(curi: CrawlUri, log: (curi: CrawlUri, reason: string) => void): void {
    if (!curi.annotations.some((a) => a.startsWith('err:'))) return;
    try {
      log(curi, failureReason(curi.fetchStatus, curi.annotations) ?? `status ${curi.fetchStatus}`);
    } catch (e) {
      this.config.loggerModule?.runtimeError(curi, e);
    }
  }

  #final(curi: CrawlUri, d: Disposition): void {
    for (const e of curi.behindErrors ?? []) this.config.loggerModule?.runtimeError(curi, e);
    try {
      this.config.loggerModule?.crawled(curi);
    } catch (e) {
      this.config.loggerModule?.runtimeError(curi, e);
    }
    if (curi.isSeed && curi.fetchStatus > 0) this.#seedsCrawled++;
    if (this.#delta && curi.delta) this.#delta[curi.delta]++;
    if (d === 'success' && !curi.uri.startsWith('dns:')) {
      this.#documents++;
      if (curi.contentSize > 0) this.#bytes += curi.contentSize;
    }
    this.#checkLimits();
  }

  /** The shared crawl's state, as an operator set it on any machine. */
  #sharedState(state: SharedCrawlState, exitStatus?: string): void {
    // A terminated crawl that another worker already closed is FINISHED with the terminate's exit status.
    if (state === 'TERMINATING' || (state === 'FINISHED' && exitStatus)) this.terminate(exitStatus || 'ABORTED');
    else if (state === 'PAUSED') this.#hold('shared-crawl');
    else if (state === 'RUNNING') this.#release('shared-crawl');
  }

  /** What the crawl shares cannot be reached: pause with the alert, and go on once it can. */
  #checkShared(): void {
    const problem = this.#shared?.problem;
    if (problem) this.#hold('shared-unreachable', problem);
    else if (this.#pausedFor.has('shared-unreachable')) {
      this.config.loggerModule?.alert?.('WARNING', 'the shared crawl can be reached again; the crawl goes on');
      this.#release('shared-unreachable');
    }
  }

  #checkLimits(): void {
    if (this.#shared) this.#checkShared();
    const shared = this.#shared && this.config.frontier.stats().shared;
    const limit = this.config.crawlLimiter?.reached({ bytes: shared?.bytes ?? this.#bytes, documents: shared?.documents ?? this.#documents, elapsedMs: this.#elapsed() });
    if (limit) this.terminate(limit);
  }

  #elapsed(): number {
    return this.#elapsedBefore + (this.#startedAt ? Date.now() - this.#startedAt : 0);
  }

  /** The run is recorded finished only in the store's last commit, once outputs are closed and reports written. */
  #stage(final: boolean): void {
    const finished = final && this.#state === 'FINISHED' && this.#exitStatus !== INTERRUPTED;
    // Elapsed time to the second, so that an idle crawl has nothing new to stage.
    const elapsedMs = Math.floor(this.#elapsed() / 1000) * 1000;
    // An operator's terminate or a limit; not an interruption (resumed), nor a failure (resumed too, once its cause is put right).
    const ending = !finished && this.#abort.signal.aborted && this.#exitStatus !== INTERRUPTED && this.#exitStatus !== FINISHED_ABNORMAL ? this.#exitStatus : undefined;
    const record: ControllerRecord = { bytes: this.#bytes, documents: this.#documents, seedsCrawled: this.#seedsCrawled, delta: this.#delta, elapsedMs, finished, exitStatus: finished ? this.#exitStatus : undefined, ending };
    const text = JSON.stringify(record);
    if (text === this.#staged) return;
    this.#staged = text;
    this.#run?.put('controller', text);
  }

  /**
   * A commit failed: pause, say why, and go on by itself once a commit succeeds again (unless
   * something else holds the crawl too, an operator's pause: then it stays paused for that).
   */
  #storeFault(error: Error | undefined): void {
    if (error) this.#hold('state-store', `the state store cannot write (${error.message}); the crawl is paused until it can`);
    else if (this.#pausedFor.has('state-store')) {
      this.config.loggerModule?.alert?.('WARNING', 'the state store writes again; the crawl goes on');
      this.#release('state-store');
    }
  }
}

/** A promise and its resolve (Promise.withResolvers, for the Node versions without it). */
function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
