/** One Server-Sent Event: its id counts up across the service's life, per job. */
export interface ServiceEvent {
  readonly id: number;
  /** stats, state, alert, action, verify… */
  readonly type: string;
  readonly job: string;
  readonly at: string;
  readonly data: unknown;
}

type Listener = (event: ServiceEvent) => void;

/** Events kept per job for clients that come back with Last-Event-ID. */
const KEPT_PER_JOB = 600;

/**
 * The events of every job: published by the job runner, kept (the last few hundred per job) so
 * that a client reconnecting with `Last-Event-ID` misses nothing recent, and told to listeners.
 */
export class EventHub {
  #next = 1;
  readonly #kept = new Map<string, ServiceEvent[]>();
  readonly #listeners = new Map<string, Set<Listener>>();
  /** How each stream held open by a client ends, until close(). */
  readonly #streams = new Set<() => void>();
  #closed = false;

  /** close() was called: the service stops, and takes no new stream. */
  get closed(): boolean {
    return this.#closed;
  }

  /**
   * A stream a client holds open (Server-Sent Events), ended by `end` when the service stops: a
   * server waits for its connections to end before it closes, and a client's stream never would.
   * Returns the function that forgets it (the stream ended first).
   */
  hold(end: () => void): () => void {
    if (this.#closed) {
      end();
      return () => undefined;
    }
    this.#streams.add(end);
    return () => this.#streams.delete(end);
  }

  /** Ends every stream held open, and each one held from now on. */
  close(): void {
    this.#closed = true;
    for (const end of [...this.#streams]) end();
    this.#streams.clear();
  }

  publish(job: string, type: string, data: unknown): ServiceEvent {
    const event: ServiceEvent = { id: this.#next++, type, job, at: new Date().toISOString(), data };
    let kept = this.#kept.get(job);
    if (!kept) this.#kept.set(job, (kept = []));
    kept.push(event);
    if (kept.length > KEPT_PER_JOB) kept.splice(0, kept.length - KEPT_PER_JOB);
    for (const listener of this.#listeners.get(job) ?? []) listener(event);
    for (const listener of this.#listeners.get('*') ?? []) listener(event);
    return event;
  }

  /** The job's kept events after `lastId`. */
  since(job: string, lastId: number): ServiceEvent[] {
    return (this.#kept.get(job) ?? []).filter((e) => e.id > lastId);
  }

  /** Listens to one job's events (`*`: every job's); returns the function that stops listening. */
  listen(job: string, listener: Listener): () => void {
    let set = this.#listeners.get(job);
    if (!set) this.#listeners.set(job, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Forgets a deleted job's events. */
  forget(job: string): void {
    this.#kept.delete(job);
  }
}

/** The event as an SSE message. */
export function sseMessage(event: ServiceEvent): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ job: event.job, at: event.at, data: event.data })}\n\n`;
}
