import { copyFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { loadEngineSettings } from '../beans/engine-settings.js';
import type { CrawlControl } from '../model/crawl-control.js';
import type { Receiver } from '../model/receiver.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { isError, type Diagnostic } from '../util/diagnostic.js';
import { packageRoot } from '../util/package-root.js';
import { assertNotRunning, serveControlSocket } from './control-socket.js';
import { createRunFolder, runId } from './run-folder.js';
import { verifyJob } from './verify-job.js';

export interface LaunchOptions {
  readonly sets?: readonly string[];
  /** Called with the controller once the crawl runs (progress display, signal handling). */
  readonly onRunning?: (controller: CrawlControl, runDir: string) => void;
  /** Told of verify's warnings (beans accepted but not used) before the crawl starts. */
  readonly onWarnings?: (warnings: readonly Diagnostic[]) => void;
}

export interface LaunchResult {
  readonly exitStatus: string;
  /** The run folder, relative to the job folder (`runs/<timestamp>`). */
  readonly runDir: string;
  readonly jobDir: string;
  readonly controller: CrawlControl;
}

/**
 * Verify, then launch: a job with any error never starts. Creates the run folder (and
 * `latest`), keeps a copy of the bean file there, builds and starts every bean, runs the crawl
 * to its end and stops every bean, whatever happened.
 */
export async function launchJob(target: string, options: LaunchOptions = {}): Promise<LaunchResult> {
  const id = runId();
  // The container (and inversify) load while verify reads files.
  const containerModule = import('../beans/container/bean-container.js');
  const verified = await verifyJob(target, { sets: options.sets, launchId: join('runs', id) });
  if (verified.diagnostics.some(isError)) throw new BeancrawlError(verified.diagnostics.filter(isError));
  if (verified.diagnostics.length) options.onWarnings?.(verified.diagnostics);
  const settings = await loadEngineSettings(packageRoot());
  await assertNotRunning(verified.jobDir);
  const runDir = await createRunFolder(verified.jobDir, id);
  const resolved = runDir.endsWith(id) ? verified : await verifyJob(target, { sets: options.sets, launchId: runDir });
  await copyFile(verified.file, join(verified.jobDir, runDir, basename(verified.file)));
  const { BeanContainer } = await containerModule;
  const container = await BeanContainer.build(resolved.resolved!, settings);
  const controllerId = resolved.resolved!.beans.find((b) => b.descriptor.kinds.includes('CrawlController'))!.id;
  let exitStatus: string;
  let controller: CrawlControl;
  let failure: unknown;
  let control: { close(): Promise<void> } | undefined;
  try {
    await container.start();
    controller = container.get<CrawlControl>(controllerId);
    control = await serveControlSocket(verified.jobDir, controller);
    options.onRunning?.(controller, runDir);
    exitStatus = await controller.run();
  } catch (e) {
    failure = e;
    // Receivers hear of a crawl that failed (SAP's crawlFailed), before every bean stops.
    for (const bean of resolved.resolved!.beans) {
      if (!bean.descriptor.kinds.includes('Receiver')) continue;
      await Promise.resolve()
        .then(() => container.get<Receiver>(bean.id).crawlFailed?.(e))
        .catch(() => undefined);
    }
    throw e;
  } finally {
    await control?.close();
    // Every bean stops, whatever happened; a failure to stop never hides the crawl's own error.
    await container.stop().catch((e: unknown) => {
      if (failure === undefined) throw e;
    });
  }
  return { exitStatus: exitStatus!, runDir, jobDir: verified.jobDir, controller: controller! };
}
