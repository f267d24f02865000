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
