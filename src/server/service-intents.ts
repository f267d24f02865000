import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileWhole } from '../util/write-file-whole.js';

/** What the service means a job to be doing (running, or running but paused), and the `--set` values it was launched with. */
export interface Intent {
  readonly state: 'running' | 'paused';
  readonly set?: readonly string[];
}

/** The service's own folder in the jobs folder (not a job: it holds no bean file). */
export function serviceDir(jobsDir: string): string {
  return join(jobsDir, '.beancrawl');
}

/**
 * `JOBS/.beancrawl/intents.json`: the jobs the service runs, kept on disk so that a service
 * stopped or killed while they ran starts them again (paused ones paused). A job leaves it when
 * its crawl ends while the service is up: finished, terminated, or stopped from elsewhere.
 */
export class ServiceIntents {
  #intents: Record<string, Intent> = {};
  #writing: Promise<void> = Promise.resolve();

  private constructor(readonly file: string) {}

  static async open(jobsDir: string): Promise<ServiceIntents> {
    const intents = new ServiceIntents(join(serviceDir(jobsDir), 'intents.json'));
    // One that cannot be read is none, as one cut by a crash (below): the run records still say which runs did not finish.
    const text = await readFile(intents.file, 'utf8').catch(() => undefined);
    try {
      if (text !== undefined) intents.#intents = JSON.parse(text) as Record<string, Intent>;
    } catch {
      // A file cut by a crash is none: the run records still say which runs did not finish.
    }
    return intents;
  }

  all(): Readonly<Record<string, Intent>> {
    return { ...this.#intents };
  }

  get(job: string): Intent | undefined {
    return this.#intents[job];
  }

  set(job: string, intent: Intent | undefined): Promise<void> {
    if (JSON.stringify(this.#intents[job]) === JSON.stringify(intent)) return this.#writing;
    if (intent === undefined) delete this.#intents[job];
    else this.#intents[job] = intent;
    const text = `${JSON.stringify(this.#intents, null, 2)}\n`;
    // Written one after another, each whole: the last call's content is what stays.
    this.#writing = this.#writing.then(async () => {
      await mkdir(join(this.file, '..'), { recursive: true });
      await writeFileWhole(this.file, text);
    });
    return this.#writing;
  }
}
