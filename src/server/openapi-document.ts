import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccessGuard } from './access-guard.js';
import { EventHub } from './event-hub.js';
import { JobRunner } from './job-runner.js';
import { serviceApp } from './service-app.js';

/** The service's OpenAPI document, as GET /api/v1/openapi.json serves it, built from the routes without listening or starting any crawl. */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const jobsDir = await mkdtemp(join(tmpdir(), 'beancrawl-openapi-'));
  try {
    const events = new EventHub();
    const runner = new JobRunner({ jobsDir, events, maxRunning: 1, cli: [process.execPath, 'unused'] });
    const guard = new AccessGuard({ token: 'unused', allowedHosts: [] });
    const app = await serviceApp({ jobsDir, runner, events, guard, tls: false, maxEventStreams: 1 });
    await app.ready();
    const doc = app.swagger() as unknown as OpenApiDocument;
    await app.close();
    return doc;
  } finally {
    await rm(jobsDir, { recursive: true, force: true });
  }
}

/** What the HTTP API reference reads of an OpenAPI document. */
export interface OpenApiDocument {
  readonly info: { readonly description?: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
}

export interface OpenApiOperation {
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly parameters?: readonly { readonly in: string; readonly name: string; readonly required?: boolean; readonly description?: string; readonly schema?: JsonSchema }[];
  readonly requestBody?: { readonly content?: Readonly<Record<string, { readonly schema?: JsonSchema }>> };
  readonly responses?: Readonly<Record<string, { readonly description?: string }>>;
}

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly items?: JsonSchema;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
}
