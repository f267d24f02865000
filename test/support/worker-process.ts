import { spawn, type ChildProcess } from 'node:child_process';
import { BIN, REPO_ROOT } from './run-cli.js';

/** One `beancrawl launch JOB [--worker-id ID] ARGS…` of a crawl shared through Redis: its output kept, for the test's messages. */
export class WorkerProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  /** `id` empty: the worker takes its default name (host and pid). */
  constructor(readonly id: string, job: string, args: readonly string[]) {
    this.child = spawn(process.execPath, [BIN, 'launch', job, ...(id ? ['--worker-id', id] : []), ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.setEncoding('utf8').on('data', (d: string) => (this.stdout += d));
    this.child.stderr!.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    this.exited = new Promise((resolve) => this.child.once('close', (code, signal) => resolve({ code, signal })));
  }

  /** Its exit code once it has exited (null when a signal ended it). */
  async code(): Promise<number | null> {
    return (await this.exited).code;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running) this.child.kill(signal);
  }

  /** Its output, for a failing test's message. */
  get output(): string {
    return `--- worker ${this.id} (pid ${this.child.pid}, exit ${this.child.exitCode ?? this.child.signalCode}) ` +
      `stdout:\n${this.stdout.slice(-3000)}\n--- stderr:\n${this.stderr.slice(-6000)}`;
  }
}

/** `--set` arguments for these settings. */
export function setArgs(sets: readonly string[]): string[] {
  return sets.flatMap((s) => ['--set', s]);
}
