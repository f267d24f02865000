import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { JobStatus, ServiceEvent } from './api-types.js';
import { oneAtATime } from './one-at-a-time.js';
import type { Tick } from './rate-series.js';

/** Ticks kept for the chart: an hour of a crawl at one a second. */
const MAX_TICKS = 3600;
/** Messages of the service's own alerts kept (a scheduled run that could not start…). */
const MAX_SERVICE_ALERTS = 20;

/** A job as the page shows it, kept up to date from the job's event stream. */
export interface JobLive {
  readonly job: JobStatus | undefined;
  readonly error: unknown;
  /** The event stream: open, reconnecting (by itself, resuming where it was), or closed (refused: the job is gone, or the session). */
  readonly connection: 'live' | 'reconnecting' | 'closed';
  /** The statistics ticks received, oldest first (the last MAX_TICKS). */
  readonly ticks: readonly Tick[];
  /** How many ticks came: changes with each one. */
  readonly tickCount: number;
  /** The service's alerts about the job, newest last. */
  readonly serviceAlerts: ReadonlyArray<{ readonly at: string; readonly message: string }>;
  /** Asks for the whole job object again. */
  reload(): Promise<void>;
  /** Takes a job object the API answered (an action's). */
  accept(job: JobStatus): void;
}

/**
 * The job object (GET /api/v1/jobs/NAME), then its event stream: a `stats` tick (about every
 * second while the crawl runs) carries the job object without its runs; a change of state, an
 * action or a saved file is followed by a fresh job object.
 */
export function useJobLive(name: string): JobLive {
  const [job, setJob] = useState<JobStatus>();
  const [error, setError] = useState<unknown>();
  const [connection, setConnection] = useState<JobLive['connection']>('reconnecting');
  const [ticks, setTicks] = useState<readonly Tick[]>([]);
  const [tickCount, setTickCount] = useState(0);
  const [serviceAlerts, setServiceAlerts] = useState<ReadonlyArray<{ at: string; message: string }>>([]);
  // One request at a time: the events of a burst ask for the job once more, not once each.
  const reload = useMemo(() => oneAtATime(async () => {
    try {
      setJob(await api<JobStatus>('GET', jobPath(name)));
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }), [name]);

  useEffect(() => {
    setJob(undefined);
    setTicks([]);
    setTickCount(0);
    setServiceAlerts([]);
    void reload();
    const events = new EventSource(jobPath(name, '/events'));
    const parse = <T>(e: Event) => JSON.parse((e as MessageEvent<string>).data) as ServiceEvent<T>;
    events.addEventListener('stats', (e) => {
      const { at, data } = parse<JobStatus>(e);
      // A tick is the crawl's own status: what only the service knows (the last verify, the
      // schedule, its intent) and the run history stay those of the last job object.
      setJob((prev) => ({
        ...data, runs: prev?.runs ?? data.runs, lastVerify: data.lastVerify ?? prev?.lastVerify, nextRunAt: data.nextRunAt ?? prev?.nextRunAt, intent: data.intent ?? prev?.intent,
      }));
      setTickCount((n) => n + 1);
      const counts = data.counts;
      if (counts) {
        const tick: Tick = { at: Date.parse(at), run: data.lastRun?.run, documents: counts.documents, bytes: counts.bytes };
        setTicks((prev) => [...prev.slice(-(MAX_TICKS - 1)), tick]);
      }
    });
    for (const type of ['state', 'action', 'file']) events.addEventListener(type, () => void reload());
    events.addEventListener('alert', (e) => {
      const { at, data } = parse<{ message?: string }>(e);
      if (data.message) setServiceAlerts((prev) => [...prev.slice(-(MAX_SERVICE_ALERTS - 1)), { at, message: data.message! }]);
    });
    events.onopen = () => setConnection('live');
    events.onerror = () => {
      // A refusal closes the stream for good: the job object's answer says why.
      setConnection(events.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
      if (events.readyState === EventSource.CLOSED) void reload();
    };
    return () => events.close();
  }, [name, reload]);

  const accept = useCallback((next: JobStatus) => setJob((prev) => ({ ...next, runs: next.runs ?? prev?.runs })), []);
  return { job, error, connection, ticks, tickCount, serviceAlerts, reload, accept };
}
