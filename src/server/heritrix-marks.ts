/**
 * What Heritrix's job life has that beancrawl's has not, kept for Heritrix's routes only (in
 * memory: a restart forgets it, as a Heritrix restart forgets every built container). Heritrix
 * builds a job's container, launches it, shows it "Finished" until teardown, and only then lets it
 * be built again; beancrawl verifies and builds at each launch. So "built" means a build that
 * passed since the last teardown, and "torn down" names the run a teardown put away.
 */
export class HeritrixMarks {
  readonly #built = new Set<string>();
  readonly #tornDown = new Map<string, string>();

  /** A build (validate, checkXML, instantiate) passed, or failed. */
  built(job: string, ok: boolean): void {
    if (ok) this.#built.add(job);
    else this.#built.delete(job);
  }

  isBuilt(job: string): boolean {
    return this.#built.has(job);
  }

  /** A teardown: the job is "Unbuilt", and `run` (its last run, ended or stopping) no longer shows as "Finished". */
  tearDown(job: string, run: string | undefined): void {
    this.#built.delete(job);
    if (run !== undefined) this.#tornDown.set(job, run);
  }

  /** Whether `run` was put away by a teardown. */
  isTornDown(job: string, run: string): boolean {
    return this.#tornDown.get(job) === run;
  }

  /** The job is gone (deleted): nothing of it is kept. */
  forget(job: string): void {
    this.#built.delete(job);
    this.#tornDown.delete(job);
  }
}
