import { Worker, type Transferable } from 'node:worker_threads';

/** What a pool's threads run: a module file, or the text of a CommonJS script. */
export type ThreadCode = { readonly file: string | URL } | { readonly script: string };

/** Why a job sent to a thread was not answered: its thread failed, or the pool was closed. The caller does the work itself. */
export class ThreadGone extends Error {
  constructor(why: string) {
    super(why);
    this.name = 'ThreadGone';
  }
}

interface Job<A> {
  readonly resolve: (answer: A) => void;
  readonly reject: (error: Error) => void;
  readonly thread: Thread;
}

interface Thread {
  readonly worker: Worker;
  ready: boolean;
  /** Jobs sent and not yet answered: while there are any, the thread holds the process open. */
  out: number;
}

/** ThreadPool's options (its constructor says what each means). */
export interface ThreadPoolOptions {
  readonly beginAfter?: number;
  readonly niceness?: number;
}

/**
 * A thread's first lines: its own nice value raised by `by` (at most 19). Linux only: elsewhere the
 * call would lower the whole process's priority. A system that refuses leaves the thread at the
 * process's priority: it runs all the same.
 */
function lowerPriorityScript(by: number): string {
  return `if (process.platform === 'linux') {
  try {
    const { getPriority, setPriority } = require('node:os');
    setPriority(Math.min(19, getPriority() + ${by}));
  } catch {} // Refused: the thread runs at the process's priority, nothing lost.
}
`;
}

/**
 * Threads (worker_threads) that answer jobs: each thread runs `code`, which answers every
 * message `{ id, job }` with one message `{ id, answer }` (see `serveJobs`). Threads are begun
 * when first needed, at most `threads`; a job goes to the ready thread with the fewest jobs out.
 * `run` gives undefined while no thread is ready (none begun yet, the pool closed, or every
 * thread failed): the caller does the work itself, so that nothing waits for a thread to start.
 * With `beginAfter`, no thread is begun before that many jobs were asked for (the callers do the
 * first ones themselves): a short job (a one-page crawl) never pays a thread's start and stop,
 * tens of ms of CPU each, for work of a few ms.
 * A thread that fails is not used again and no thread is begun after it; the jobs it had, and
 * those out when the pool closes, are rejected with ThreadGone, for their callers to do. An idle
 * thread does not hold the process open; one with jobs out does, so no answer is waited for in vain.
 */
export class ThreadPool<J, A> {
  readonly #threads: Thread[] = [];
  readonly #jobs = new Map<number, Job<A>>();
  #max: number;
  #next = 0;
  /** Jobs asked for before a thread may begin (counts down to 0). */
  #untilBegin: number;
  #closed = false;
  /** Callers of ready() waiting for a thread to be up. */
  #waiting: Array<() => void> = [];
  /** Jobs a thread answered. */
  answered = 0;
  /** What a script's thread runs before the script (its priority lowered), or nothing. */
  readonly #prelude: string;

  /**
   * `threads`: at most so many; `beginAfter`: jobs asked for (run) before the first is begun;
   * `niceness`: how much lower than the crawl's thread the threads run (Linux keeps a nice value a
   * thread; for a script's code only, which the lowering is run before), for work behind a URI.
   */
  constructor(private readonly code: ThreadCode, threads: number, { beginAfter = 0, niceness = 0 }: ThreadPoolOptions = {}) {
    if (niceness > 0 && !('script' in code)) throw new Error('ThreadPool: niceness is for a script\'s code only');
    this.#max = Math.max(0, threads);
    this.#untilBegin = Math.max(0, beginAfter);
    this.#prelude = niceness > 0 ? lowerPriorityScript(niceness) : '';
  }

  /** Sends `job` to a thread (moving `transfer`'s memory there); undefined when no thread is ready. */
  run(job: J, transfer?: readonly Transferable[]): Promise<A> | undefined {
    return this.runMade(() => ({ job, transfer }));
  }

  /**
   * As `run`, the job made only once a thread takes it: a copy made to move there is not made for
   * a job the caller does itself (none ready, fewer than beginAfter asked for).
   */
  runMade(make: () => { readonly job: J; readonly transfer?: readonly Transferable[] }): Promise<A> | undefined {
    const thread = this.#pick();
    if (!thread) return undefined;
    const { job, transfer } = make();
    const id = this.#next++;
    return new Promise<A>((resolve, reject) => {
      this.#jobs.set(id, { resolve, reject, thread });
      if (thread.out++ === 0) thread.worker.ref();
      thread.worker.postMessage({ id, job }, transfer);
    });
  }

  /** Begins the threads now rather than at the first job (a thread takes tens of ms to start), beginAfter or not. */
  begin(): void {
    this.#untilBegin = 0;
    while (!this.#closed && this.#threads.length < this.#max) this.#begin();
  }

  /**
   * Begins the threads and resolves once one is up, or at once when one is, or once none can be
   * (every thread failed, the pool closed), or while fewer than beginAfter jobs were asked for (run):
   * then `run` takes a job, or gives undefined for the caller to do it.
   */
  ready(): Promise<void> {
    if (this.#closed || this.#untilBegin > 0) return Promise.resolve();
    this.begin();
    if (this.#threads.length === 0 || this.#threads.some((t) => t.ready)) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Stops the threads; the jobs still out are rejected with ThreadGone. */
  close(): void {
    this.#closed = true;
    for (const t of this.#threads.splice(0)) void t.worker.terminate();
    this.#rejectAll(() => true, 'the thread pool was closed');
    this.#wake();
  }

  #wake(): void {
    for (const resolve of this.#waiting.splice(0)) resolve();
  }

  /** The ready thread with the fewest jobs out (the first such in turn); undefined while none is. */
  #pick(): Thread | undefined {
    if (this.#closed || !this.#mayBegin()) return undefined;
    if (this.#threads.length < this.#max) this.#begin();
    let best: Thread | undefined;
    const n = this.#threads.length;
    for (let i = 0; i < n; i++) {
      const t = this.#threads[(this.#next + i) % n];
      if (t.ready && (best === undefined || t.out < best.out)) best = t;
    }
    return best;
  }

  /** Whether beginAfter jobs were asked for (run); counts this one. */
  #mayBegin(): boolean {
    if (this.#untilBegin === 0) return true;
    this.#untilBegin--;
    return false;
  }

  #begin(): void {
    const code = this.code;
    // Without the process's own Node options (--input-type=module would make a script a module, --cpu-prof profile it).
    const worker = 'script' in code ? new Worker(this.#prelude + code.script, { eval: true, execArgv: [] }) : new Worker(code.file, { execArgv: [] });
    const t: Thread = { worker, ready: false, out: 0 };
    worker.unref();
    worker.once('online', () => {
      t.ready = true;
      this.#wake();
    });
    worker.on('message', ({ id, answer }: { id: number; answer: A }) => {
      if (--t.out === 0) worker.unref();
      const job = this.#jobs.get(id);
      if (!job) return;
      this.#jobs.delete(id);
      this.answered++;
      job.resolve(answer);
    });
    worker.once('error', (e) => this.#failed(t, `a thread failed: ${e.message}`));
    worker.once('exit', (code) => this.#failed(t, `a thread exited (code ${code})`));
    this.#threads.push(t);
  }

  #failed(t: Thread, why: string): void {
    const at = this.#threads.indexOf(t);
    if (at >= 0) this.#threads.splice(at, 1);
    t.ready = false;
    this.#max = 0;
    this.#rejectAll((thread) => thread === t, why);
    if (!this.#threads.some((other) => other.ready)) this.#wake();
  }

  #rejectAll(which: (t: Thread) => boolean, why: string): void {
    for (const [id, job] of this.#jobs) {
      if (!which(job.thread)) continue;
      this.#jobs.delete(id);
      job.reject(new ThreadGone(why));
    }
  }
}

/**
 * A pool thread's side: answers each `{ id, job }` the pool sends with `{ id, answer }`; `answer`
 * may name buffers whose memory moves back rather than being copied.
 */
export function serveJobs<J, A>(
  port: { on(event: 'message', listener: (m: { id: number; job: J }) => void): unknown; postMessage(m: unknown, transfer?: readonly Transferable[]): void },
  answer: (job: J) => { readonly answer: A; readonly transfer?: readonly Transferable[] },
): void {
  port.on('message', ({ id, job }) => {
    const a = answer(job);
    port.postMessage({ id, answer: a.answer }, a.transfer);
  });
}
