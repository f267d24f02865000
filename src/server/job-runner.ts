import { spawn, type ChildProcess } from 'node:child_process';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { controlSocketPath, sendControl, type ControlArgs, type ControlReply } from '../job/control-socket.js';
import { isJobFolder, jobStatus, type JobStatus } from '../job/job-status.js';
import { readLogPage } from '../job/log-page.js';
import { verifyJob } from '../job/verify-job.js';
import { JOB_BEAN_FILES, locateBeanFile } from '../job/locate-bean-file.js';
import { verifyProblems, verifyReport, type VerifyReport } from '../job/verify-report.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { blocksLaunch, isError } from '../util/diagnostic.js';
import { missedScheduledRun, nextScheduledRun, scheduleOf, type JobSchedule } from '../job/job-schedule.js';
import type { EventHub } from './event-hub.js';
import { HttpProblem } from './http-problem.js';
import { JobFolderWatch } from './job-folder-watch.js';
import { JobStatusCache } from './job-status-cache.js';
import { appendJobLog, stateMessage } from './job-log.js';
import { ServiceIntents } from './service-intents.js';
import { CONFINEMENT_VARIABLE, type Confinement } from '../util/confinement.js';

export interface JobRunnerOptions {
  readonly jobsDir: string;
  /** Crawls run at once; further launches wait in a queue. */
  readonly maxRunning: number;
  readonly events: EventHub;
  /** How to start the CLI in a child process: the Node binary and the script (bin/beancrawl.js). */
  readonly cli: readonly [string, string];
  /** Between two looks at the running crawls (statistics ticks, state changes, crawls started elsewhere). */
  readonly tickMs?: number;
  /** What the jobs' bean files may reach, in verify and in the crawls (none: `--trust-bean-files`). */
  readonly confinement?: Confinement;
}

/** What a launch asks for: `--set` values, a checkpoint to start from, and whether to start paused. */
export interface LaunchRequest {
  readonly set?: readonly string[];
  readonly checkpoint?: string;
  readonly paused?: boolean;
  /** Why it was launched, for job.log and the events (operator, schedule, resume after a restart). */
  readonly reason?: string;
}

/** A crawl the runner watches: one it started (with its child process), or one started elsewhere. */
interface Watched {
  readonly name: string;
  /** LAUNCHING until its crawl answers, STARTED once it did, then the crawl's own state (ADOPTED: found running). */
  state: string;
  readonly child?: ChildProcess;
  readonly exited?: Promise<number | null>;
  /** While the launch request waits for the crawl to answer (the request reports how it went, not the ticks). */
  answering?: boolean;
}

/** Names a job may have: a folder name without path characters. */
const JOB_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** Job folders looked at together when the service starts (crawls found running, schedules read). */
const WARM_UP_BATCH = 64;
/**
 * A bean file whose text, comments left out, says neither of these has no schedule to read (a
 * CrawlSchedule bean, or an import that could bring one): it is not verified at start-up, only
 * when asked.
 */
const MAY_SCHEDULE = /schedule|import/i;
const XML_COMMENT = /<!--[\s\S]*?-->/g;
/** How long a launch request waits for its crawl to answer before it is answered LAUNCHING. */
const LAUNCH_ANSWER_MS = 15_000;
/** Lines of job.log shown when a launch fails before its crawl answers. */
const FAILURE_TAIL = 20;

/**
 * Runs the jobs of a jobs folder, each crawl in a child process of its own (`beancrawl launch`),
 * so that one crawl's crash, memory or hang never takes down the service or another crawl. The
 * runner talks to each crawl over its control socket, as `beancrawl status` does: a crawl started
 * in another shell is watched and driven the same way. Every tick it publishes each running
 * crawl's status and the state changes; launches past `maxRunning` wait their turn. It looks only
 * at what is live: the crawls it watches, and the job folders whose watch (job-folder-watch.ts)
 * said something changed (a control socket came, a bean file was edited), so that a service
 * over 10,000 idle jobs does nothing each second.
 */
export class JobRunner {
  readonly #watched = new Map<string, Watched>();
  readonly #queue: Array<{ name: string; request: LaunchRequest }> = [];
  readonly #verified = new Map<string, VerifyReport>();
  /** Each scheduled job's schedule and the next time it is due (none while the schedule is disabled). */
  readonly #schedules = new Map<string, { readonly schedule: JobSchedule; next?: Date }>();
  /** When each job's bean file was last seen changed, so that a schedule edited on disk is read again. */
  readonly #seen = new Map<string, number>();
  #intents!: ServiceIntents;
  /** The status of each job not running, kept while its folder is unchanged. */
  readonly #statuses = new JobStatusCache();
  /** Job folders a watch said changed since the last look. */
  readonly #dirty = new Set<string>();
  /** Each job's schedule being read (one at a time a job: an edit fires several changes). */
  readonly #reading = new Map<string, Promise<void>>();
  #watch?: JobFolderWatch;
  #warming?: Promise<void>;
  #timer?: NodeJS.Timeout;
  #ticking?: Promise<void>;
  #stopping = false;

  constructor(readonly options: JobRunnerOptions) {}

  /**
   * Starts again the crawls the service was running when it stopped (unless they outlived it:
   * those are watched), and begins ticking. The rest (watching every job folder, finding the
   * crawls running elsewhere, reading schedules) goes on after it returns, so that the service
   * answers at once whatever the number of jobs.
   */
  async start(): Promise<void> {
    this.#intents = await ServiceIntents.open(this.options.jobsDir);
    this.#watch = new JobFolderWatch(this.options.jobsDir, (name, file) => this.#changed(name, file));
    this.#watch.start();
    for (const name of Object.keys(this.#intents.all())) if (JOB_NAME.test(name)) await this.#lookAt(name);
    for (const [name, intent] of Object.entries(this.#intents.all())) {
      if (this.#watched.has(name)) continue;
      // A crawl that ended just before the service stopped (before a tick saw it) is over, not to be run again.
      const state = await jobStatus(this.folderOf(name)).then((s) => s.state, () => 'GONE');
      if (state !== 'UNFINISHED' && state !== 'NEW') {
        await this.#intents.set(name, undefined);
        continue;
      }
      await this.launch(name, { paused: intent.state === 'paused', set: intent.set, reason: 'the service started again; the crawl ' +
        'resumes' }).catch((e: unknown) => {
        this.options.events.publish(name, 'alert', { message: `could not resume after the service restarted: ${(e as Error).message}` });
        return this.#intents.set(name, undefined);
      });
    }
    this.#timer = setInterval(() => void this.#tick(), this.options.tickMs ?? 1000);
    this.#warming = this.#warmUp().catch((e: Error) => {
      process.stderr.write(`beancrawl serve: looking at the jobs folder failed: ${e.stack}\n`);
    });
  }

  /** Once at start-up: every job folder watched, crawls running found (outlived the service, or started elsewhere), schedules read. */
  async #warmUp(): Promise<void> {
    // No jobs folder (yet): no job to look at; the folder's watch tells of those made later.
    const entries = await readdir(this.options.jobsDir, { withFileTypes: true }).catch(() => []);
    const names = entries.filter((e) => e.isDirectory() && JOB_NAME.test(e.name)).map((e) => e.name).sort();
    for (let i = 0; i < names.length && !this.#stopping; i += WARM_UP_BATCH) {
      const batch = names.slice(i, i + WARM_UP_BATCH);
      // Watched before looked at: a crawl that starts in between is heard of, if not seen.
      for (const name of batch) this.#watch?.add(name);
      await Promise.all(batch.map((name) => this.#lookAt(name)));
    }
    for (let i = 0; i < names.length && !this.#stopping; i += WARM_UP_BATCH) {
      await Promise.all(names.slice(i, i + WARM_UP_BATCH).map((name) => this.#readSchedule(name, true)));
    }
  }

  /** What a watch heard: a job folder come or gone (`file` undefined), or an entry at its top changed. */
  #changed(name: string, file: string | undefined): void {
    if (!JOB_NAME.test(name) || this.#stopping) return;
    if (file === undefined) this.#watch?.add(name);
    if (file === undefined || file === '' || file === '.beancrawl.sock') this.#dirty.add(name);
    if (file === undefined || file === '' || (JOB_BEAN_FILES as readonly string[]).includes(file)) void this.#readSchedule(name, false);
  }

  /** The job folder of `name`; 404 when there is none, 400 for a name that is not one. */
  async jobDir(name: string): Promise<string> {
    const dir = this.folderOf(name);
    if (!(await isJobFolder(dir))) throw new HttpProblem(404, 'Not Found', `no job "${name}" in the jobs folder`);
    return dir;
  }

  /** Where a job of that name lives (whether it exists or not); 400 for a name that is not a folder name. */
  folderOf(name: string): string {
    if (!JOB_NAME.test(name)) throw new HttpProblem(400, 'Bad Request', `"${name}" is not a job name (letters, digits, dot, dash and underscore; ` +
      `not starting with a dot)`);
    return join(this.options.jobsDir, name);
  }

  /** The job object (`status --json`), with what only the service knows: queued, and the last verify. */
  async status(name: string, { verify = true } = {}): Promise<JobStatus> {
    const status = await this.#statuses.get(this.folderOf(name));
    if (!status) throw new HttpProblem(404, 'Not Found', `no job "${name}" in the jobs folder`);
    const queued = this.#queue.some((q) => q.name === name);
    const lastVerify = this.#verified.get(name) ?? (verify ? await this.verify(name) : undefined);
    const extra = { lastVerify, intent: this.#intents.get(name)?.state, nextRunAt: this.#schedules.get(name)?.next?.toISOString() };
    if (queued) return { ...status, ...extra, state: 'QUEUED', availableActions: ['terminate'] };
    if (!status.running && this.#watched.get(name)?.state === 'LAUNCHING') return { ...status, ...extra, state: 'LAUNCHING', availableActions: ['terminate'] };
    return { ...status, ...extra };
  }

  /** Verifies the job as it is on disk (with `set` values); the result is kept as the job's last verify. */
  async verify(name: string, set: readonly string[] = []): Promise<VerifyReport> {
    const dir = await this.jobDir(name);
    let report: VerifyReport;
    try {
      const result = await verifyJob(dir, { sets: set, confinement: this.options.confinement });
      report = { ...verifyReport(result, dir), ok: !result.diagnostics.some(blocksLaunch) };
      if (set.length === 0) await this.#schedule(name, result.diagnostics.some(isError) || !result.resolved ? undefined : scheduleOf(result.resolved));
    } catch (e) {
      if (!(e instanceof BeancrawlError)) throw e;
      report = { ok: false, level: 'parse', beans: 0, errors: verifyProblems(e.diagnostics, 'parse', dir), at: new Date().toISOString() };
    }
    if (set.length === 0) this.#verified.set(name, report);
    return report;
  }

  /**
   * Verifies, then starts the crawl in a child process (or queues it when `maxRunning` crawls
   * run). A job with errors answers 422 with them and nothing starts; a running one 409.
   */
  async launch(name: string, request: LaunchRequest = {}): Promise<'launched' | 'queued'> {
    const dir = await this.jobDir(name);
    // A crawl that just ended may not have been seen ending yet: look before refusing. (Never from
    // within a look: #launchDue launches only jobs not watched.)
    if (this.#watched.has(name) && !this.#stopping) await this.#tick();
    if (this.#watched.has(name) || (await jobStatus(dir)).running) throw this.#notAvailable(name, 'launch', 'the job is running');
    if (this.#queue.some((q) => q.name === name)) throw this.#notAvailable(name, 'launch', 'the job is queued');
    const report = await this.verify(name, request.set ?? []);
    if (!report.ok) throw new HttpProblem(422, 'Unprocessable Content', 'the job has errors; nothing was ' +
      'started', { errors: report.errors.filter((e) => e.severity === 'error' || e.code === 'BC_SEED_PLACEHOLDER') });
    await this.#intents.set(name, { state: request.paused ? 'paused' : 'running', set: request.set });
    if (this.#runningCount() >= this.options.maxRunning) {
      this.#queue.push({ name, request });
      this.options.events.publish(name, 'state', { state: 'QUEUED', reason: `${this.#runningCount()} crawls run (--max-running ${this.options.maxRunning})` });
      return 'queued';
    }
    await this.#spawn(name, dir, request);
    return 'launched';
  }

  /** Pause, unpause, checkpoint or terminate the job's crawl; 409 with `availableActions` when it cannot be done now. */
  async control(name: string, command: 'pause' | 'unpause' | 'checkpoint' | 'terminate'): Promise<{ checkpoint?: string }> {
    const dir = await this.jobDir(name);
    const queued = this.#queue.findIndex((q) => q.name === name);
    if (queued !== -1 && command === 'terminate') {
      this.#queue.splice(queued, 1);
      await this.#intents.set(name, undefined);
      this.options.events.publish(name, 'state', { state: 'NEW', reason: 'taken out of the queue' });
      return {};
    }
    const status = await jobStatus(dir);
    if (!status.availableActions.includes(command)) throw this.#notAvailable(name, command, status.running ? `the crawl is ${status.state}` : 'the ' +
      'job is not running', status.availableActions);
    const reply = await sendControl(dir, command, command === 'checkpoint' ? 3_600_000 : 10_000).catch((e: Error) => {
      throw new HttpProblem(409, 'Conflict', `the crawl did not answer: ${e.message}`);
    });
    if (!reply.ok) throw new HttpProblem(409, 'Conflict', reply.error ?? 'the crawl refused the command');
    const intent = this.#intents.get(name);
    // Only for the service's own crawls: one launched in another shell stays that shell's.
    if (intent && (command === 'pause' || command === 'unpause')) await this.#intents.set(name, { ...intent, state: command === 'pause' ? 'paused' : 'running' });
    this.options.events.publish(name, 'action', { action: command, checkpoint: reply.checkpoint });
    return { checkpoint: reply.checkpoint };
  }

  /** Asks the job's running crawl (409 when none runs): its queues, or to take seeds. */
  async ask(name: string, command: 'queues' | 'seeds' | 'beans' | 'set' | 'retire' | 'reactivate' | 'delete', args: ControlArgs = {}): Promise<ControlReply> {
    const dir = await this.jobDir(name);
    // No answer (no socket, a crawl that died) is no crawl running: the 409 below says so.
    const reply = await sendControl(dir, command, 30_000, args).catch(() => undefined);
    if (!reply) throw this.#notAvailable(name, command, 'the job is not running', ['launch']);
    if (!reply.ok) {
      const status = reply.status ?? 409;
      throw new HttpProblem(status, status === 404 ? 'Not Found' : status === 409 ? 'Conflict' : 'Unprocessable Content', reply.error ?? `the ` +
        `crawl refused ${command}`, reply.live ? { live: reply.live } : {});
    }
    if (command === 'seeds') this.options.events.publish(name, 'action', { action: 'seeds', seeds: reply.seeds });
    if (command === 'set') this.options.events.publish(name, 'action', { action: 'set', change: reply.change });
    if (command === 'retire' || command === 'reactivate') this.options.events.publish(name, 'action', { action: command, queue: args.key });
    if (command === 'delete') this.options.events.publish(name, 'action', { action: 'delete', queue: args.key, pattern: args.pattern, deleted: reply.deleted });
    return reply;
  }

  /** Forgets what the runner keeps of a deleted job (its schedule above all). */
  forget(name: string): void {
    this.#schedules.delete(name);
    this.#verified.delete(name);
    this.#seen.delete(name);
    this.#statuses.forget(join(this.options.jobsDir, name));
  }

  /** Whether the job's crawl runs, is launching or is queued. */
  isBusy(name: string): boolean {
    return this.#watched.has(name) || this.#queue.some((q) => q.name === name);
  }

  /**
   * Stops the service's crawls as Ctrl-C stops `launch` (interrupted, to be resumed: they stay in
   * the intents, so the next start resumes them), and waits for them to end. Crawls started
   * elsewhere are left running.
   */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#timer);
    this.#watch?.close();
    await this.#warming;
    await this.#ticking;
    const own = [...this.#watched.values()].filter((w) => w.child || this.#intents.get(w.name));
    await Promise.all(own.map(async (w) => {
      const dir = join(this.options.jobsDir, w.name);
      await sendControl(dir, 'interrupt').catch(() => w.child?.kill('SIGTERM'));
      if (w.exited) await w.exited;
      else while ((await jobStatus(dir)).running) await new Promise((r) => setTimeout(r, 100));
    }));
  }

  /**
   * Reads the job's schedule when its bean file changed since it was last read (every job at
   * start-up, when a run missed while the service was down is launched once, unless the schedule
   * says `runMissed: false`). One read at a time a job: a read asked for during one follows it.
   */
  #readSchedule(name: string, startUp: boolean): Promise<void> {
    const before = this.#reading.get(name) ?? Promise.resolve();
    const read = before.then(() => this.#readScheduleNow(name, startUp)).finally(() => {
      if (this.#reading.get(name) === read) this.#reading.delete(name);
    });
    this.#reading.set(name, read);
    return read;
  }

  async #readScheduleNow(name: string, startUp: boolean): Promise<void> {
    if (this.#stopping) return;
    const folder = join(this.options.jobsDir, name);
    const { file } = await locateBeanFile(folder).catch(() => ({ file: undefined }));
    const changed = file === undefined ? 0 : await stat(file).then((s) => s.mtimeMs, () => 0);
    if (this.#seen.get(name) === changed) return;
    this.#seen.set(name, changed);
    if (file === undefined) {
      this.#schedules.delete(name);
      return;
    }
    // A bean file that cannot name a schedule is not verified now (its page verifies it when asked).
    // A bean file gone or unreadable since it was found names no schedule; its next change is read again.
    if (!MAY_SCHEDULE.test((await readFile(file, 'utf8').catch(() => '')).replace(XML_COMMENT, ''))) {
      this.#schedules.delete(name);
      return;
    }
    // A job folder that cannot be verified now (deleted meanwhile) has no schedule to read; its page verifies it again when asked.
    await this.verify(name).catch(() => undefined);
    const entry = this.#schedules.get(name);
    if (!startUp || !entry?.schedule.enabled) return;
    const last = (await jobStatus(folder)).lastRun;
    const missed = last && missedScheduledRun(entry.schedule, new Date(last.startedAt), new Date());
    if (missed) entry.next = missed;
  }

  /** Keeps a job's schedule and when it is due next (a schedule unchanged keeps its due time). */
  async #schedule(name: string, schedule: JobSchedule | undefined): Promise<void> {
    const old = this.#schedules.get(name);
    if (!schedule) {
      this.#schedules.delete(name);
      return;
    }
    if (old && JSON.stringify(old.schedule) === JSON.stringify(schedule)) return;
    this.#schedules.set(name, { schedule, next: schedule.enabled ? nextScheduledRun(schedule, new Date()) : undefined });
  }

  /** Launches the jobs whose time has come; one still running at its time is not launched twice, and waits for its next time. */
  async #launchDue(): Promise<void> {
    const now = new Date();
    for (const [name, entry] of this.#schedules) {
      if (!entry.next || entry.next > now) continue;
      const due = entry.next;
      entry.next = nextScheduledRun(entry.schedule, now);
      if (this.isBusy(name)) {
        this.options.events.publish(name, 'alert', { message: `the run due at ${due.toISOString()} was not started: the last one still ` +
          `runs`, next: entry.next.toISOString() });
        continue;
      }
      await this.launch(name, { reason: `scheduled for ${due.toISOString()}` }).catch((e: Error) => {
        this.options.events.publish(name, 'alert', { message: `the run due at ${due.toISOString()} could not start: ` +
          `${e.message}`, ...(e instanceof HttpProblem ? e.extra : {}) });
      });
    }
  }

  /**
   * A state change that job.log could not be told (a full disk, job.log a folder): the job's
   * events say so instead. A job folder deleted has no job.log to keep it; the crawl said that.
   */
  #jobLogLost(name: string, e: NodeJS.ErrnoException): void {
    if (e.code !== 'ENOENT') this.options.events.publish(name, 'alert', { message: `job.log could not be written: ${e.message}` });
  }

  #runningCount(): number {
    return this.#watched.size;
  }

  #notAvailable(name: string, action: string, why: string, availableActions?: readonly string[]): HttpProblem {
    return new HttpProblem(409, 'Conflict', `cannot ${action} job "${name}": ` +
      `${why}`, { availableActions: availableActions ?? (this.#watched.has(name) ? ['pause', 'unpause', 'checkpoint', 'terminate'] : ['launch']) });
  }

  /** Starts `beancrawl launch` for the job, its output appended to JOB/job.log, and waits until its crawl answers (or it exits). */
  async #spawn(name: string, dir: string, request: LaunchRequest): Promise<void> {
    const log = await open(join(dir, 'job.log'), 'a');
    const args = [this.options.cli[1], 'launch', dir, ...(request.set ?? []).flatMap((s) => ['--set', s])];
    if (request.checkpoint !== undefined) args.push('--checkpoint', request.checkpoint);
    if (request.paused) args.push('--paused');
    await log.write(`${new Date().toISOString()} INFO Job launched (${request.reason ?? 'asked for'})${request.paused ? ', paused' : ''}\n`);
    let child: ChildProcess;
    try {
      // Its own process group: Ctrl-C at the service's terminal reaches the service, which stops its crawls in order.
      child = spawn(this.options.cli[0], args, { detached: true, stdio: ['ignore', log.fd, log.fd], env: crawlEnvironment(this.options.confinement) });
    } finally {
      await log.close();
    }
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const watched: Watched = { name, state: 'LAUNCHING', child, exited, answering: true };
    this.#watched.set(name, watched);
    this.options.events.publish(name, 'state', { state: 'LAUNCHING', reason: request.reason });
    // Answered once the crawl listens on its socket; a launch that fails first says why in job.log.
    let code: number | null | undefined;
    void exited.then((c) => (code = c));
    // A launch that takes longer (a large state to open) is answered LAUNCHING; the ticks follow it from there.
    const waitUntil = Date.now() + LAUNCH_ANSWER_MS;
    while (code === undefined && !(await sendControl(dir, 'status', 1000).then((r) => r.ok, () => false))) {
      if (Date.now() > waitUntil) {
        watched.answering = false;
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    watched.answering = false;
    if (code === undefined) {
      watched.state = 'STARTED';
      return;
    }
    // It ended before it answered: a crawl over at once, or a launch that failed.
    this.#watched.delete(name);
    await this.#intents.set(name, undefined);
    const ended = await jobStatus(dir);
    if (code === 0) {
      this.options.events.publish(name, 'state', { state: ended.state, lastRun: ended.lastRun });
      return;
    }
    const tail = (await readLogPage(join(dir, 'job.log'), { tail: FAILURE_TAIL })).lines;
    this.options.events.publish(name, 'state', { state: ended.state, exitCode: code, log: tail, lastRun: ended.lastRun });
    if (ended.lastRun?.exitCode !== code) throw new HttpProblem(500, 'Launch Failed', `the crawl exited with code ${code} before it ran; job.log ` +
      `says why`, { exitCode: code, log: tail });
  }

  /** Looks at every crawl: publishes statistics and state changes, notices crawls started and ended elsewhere, starts queued ones. */
  #tick(): Promise<void> {
    this.#ticking ??= this.#look().finally(() => (this.#ticking = undefined));
    return this.#ticking;
  }

  /** The crawls watched, the job folders a watch said changed, and those that could not be watched. */
  async #look(): Promise<void> {
    const unwatched = [...(this.#watch?.unwatched ?? [])];
    const names = new Set([...this.#watched.keys(), ...this.#dirty, ...unwatched]);
    this.#dirty.clear();
    await Promise.all([...names].map((name) => this.#lookAt(name)));
    if (this.#stopping) return;
    for (const name of unwatched) await this.#readSchedule(name, false);
    await this.#launchDue();
    while (this.#queue.length && this.#runningCount() < this.options.maxRunning) {
      const next = this.#queue.shift()!;
      const dir = join(this.options.jobsDir, next.name);
      await this.#spawn(next.name, dir, next.request).catch((e: Error) => {
        this.options.events.publish(next.name, 'alert', {
          message: `the queued launch could not start: ${e.message}`, ...(e instanceof HttpProblem ? e.extra : {}),
        });
      });
    }
  }

  /** Looks at one job: publishes its crawl's statistics and state changes, adopts a crawl started elsewhere, notices one that ended. */
  async #lookAt(name: string): Promise<void> {
    const watched = this.#watched.get(name);
    if (!watched && !(await stat(controlSocketPath(join(this.options.jobsDir, name))).then(() => true, () => false))) return;
    if (!JOB_NAME.test(name)) return;
    const status = await jobStatus(join(this.options.jobsDir, name));
    if (status.running) {
      const w = watched ?? { name, state: 'ADOPTED' };
      if (!watched) this.#watched.set(name, w);
      if (w.state !== status.state) {
        this.options.events.publish(name, 'state', { state: status.state, previous: w.state === 'ADOPTED' || w.state === 'LAUNCHING' ? undefined : w.state });
        await appendJobLog(status.path, [['INFO', stateMessage(status.state, status.lastRun?.run)]])
          .catch((e: NodeJS.ErrnoException) => this.#jobLogLost(name, e));
      }
      w.state = status.state;
      // The run history is in the job object; a tick carries what changes.
      const { runs: _runs, ...tick } = status;
      this.options.events.publish(name, 'stats', tick);
      return;
    }
    // A socket not answering yet (a crawl starting) or any more (one that died): looked at again next tick.
    if (!watched) this.#dirty.add(name);
    if (!watched || watched.answering || (watched.state === 'LAUNCHING' && isAlive(watched.child))) return;
    // It ended: finished, terminated, crashed, or stopped from another shell.
    if (watched.exited) await watched.exited;
    this.#watched.delete(name);
    const ended = await jobStatus(join(this.options.jobsDir, name));
    if (!this.#stopping) await this.#intents.set(name, undefined);
    this.options.events.publish(name, 'state', { state: ended.state, previous: watched.state, lastRun: ended.lastRun });
    await appendJobLog(ended.path, [ended.state === 'FINISHED'
      ? ['INFO', stateMessage('FINISHED', ended.lastRun?.run)]
      : ['WARNING', `${stateMessage('UNFINISHED', ended.lastRun?.run)}: stopped before its end; the next launch resumes it`]])
      .catch((e: NodeJS.ErrnoException) => this.#jobLogLost(name, e));
  }
}

/** A child process that has not exited (none: not the runner's to know). */
function isAlive(child: ChildProcess | undefined): boolean {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/** What a crawl's own process needs of the environment whatever its bean files say: where programs, home and temporary files are, the locale. */
const CRAWL_BASE_ENV = /^(PATH|HOME|USER|LOGNAME|SHELL|TMPDIR|TMP|TEMP|TZ|LANG|LANGUAGE|LC_\w+|NODE_\w+|BEANCRAWL_\w+)$/;

/**
 * The environment of a crawl the service launches: under a confinement, the variables the
 * operator let bean files read and what the process itself needs, nothing else (a component that
 * reads the environment, a database driver's PGPASSWORD, cannot be pointed at a secret), and the
 * confinement itself, for the crawl's verify and its file fetcher; without one, the service's own.
 */
function crawlEnvironment(confinement: Confinement | undefined): NodeJS.ProcessEnv {
  if (!confinement) return { ...process.env, BEANCRAWL_LAUNCHED_BY: 'serve' };
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (CRAWL_BASE_ENV.test(name) || confinement.env.includes(name)) env[name] = value;
  return { ...env, BEANCRAWL_LAUNCHED_BY: 'serve', [CONFINEMENT_VARIABLE]: JSON.stringify(confinement) };
}
