import type { AccessGuard } from './access-guard.js';
import type { EventHub } from './event-hub.js';
import type { JobRunner } from './job-runner.js';

/** What every route of the service works with. */
export interface ServiceContext {
  readonly jobsDir: string;
  readonly runner: JobRunner;
  readonly events: EventHub;
  readonly guard: AccessGuard;
  /** Served over TLS: the session cookie is Secure. */
  readonly tls: boolean;
  /** Server-Sent Event streams open at once, at most. */
  readonly maxEventStreams: number;
}
