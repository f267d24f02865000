import { unlink } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { CrawlControl } from '../model/crawl-control.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { INTERRUPTED } from '../model/crawl-control.js';
import { RecentRates, type RecentRate } from './recent-rates.js';
import { withSocketAddress } from './socket-address.js';

/** The control socket of a running crawl, in its job folder. */
export function controlSocketPath(jobDir: string): string {
  return join(jobDir, '.beancrawl.sock');
}

/** `interrupt` stops the crawl as Ctrl-C does (INTERRUPTED: the next launch resumes it); `terminate` ends it (ABORTED). */
export type ControlCommand = 'status' | 'pause' | 'unpause' | 'checkpoint' | 'terminate' | 'interrupt';

/** What the socket can do besides driving the controller. */
export interface ControlExtras {
  /** Takes a checkpoint; resolves to its folder. */
  readonly checkpoint?: () => Promise<string>;
}

/**
 * Serves one JSON line per connection: `{"command": …}` in, the crawl's progress out. A socket
 * left by a crawl that died is replaced; one that answers means the job already runs.
 */
export async function serveControlSocket(jobDir: string, controller: CrawlControl, extras: ControlExtras = {}): Promise<{ close(): Promise<void> }> {
  const path = controlSocketPath(jobDir);
  await assertNotRunning(jobDir);
  const rates = new RecentRates(controller);
  await unlink(path).catch(() => undefined);
  const server: Server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8').on('data', (d: string) => {
      text += d;
      if (!text.includes('\n')) return;
      void answer(text).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on('error', () => undefined);
  });
  const answer = async (text: string): Promise<unknown> => {
    try {
      const { command } = JSON.parse(text) as { command: ControlCommand };
      let checkpoint: string | undefined;
      if (command === 'pause') controller.pause();
      else if (command === 'unpause') controller.unpause();
      else if (command === 'terminate') controller.terminate('ABORTED');
      else if (command === 'interrupt') controller.terminate(INTERRUPTED);
      else if (command === 'checkpoint') {
        if (!extras.checkpoint) throw new Error('this job has no CheckpointService bean (nor a state store to copy)');
        checkpoint = await extras.checkpoint();
      } else if (command !== 'status') throw new Error(`unknown command ${String(command)}`);
      return { ok: true, progress: controller.progress(), recent: rates.now(), checkpoint };
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  };
  // Bound through a short address when the job's path is too long for one: the socket is still
  // made in the job folder, and removed from there (by its full path) on close.
  await withSocketAddress(path, (address) => new Promise<void>((resolve, reject) => server.once('error', reject).listen({ path: address }, () => resolve())));
  server.unref();
  return {
    close: () => {
      rates.stop();
      return new Promise<void>((resolve) => server.close(() => resolve())).then(() => unlink(path).catch(() => undefined));
    },
  };
}

/** Refuses a job whose crawl is running in another process (before anything of it is opened). */
export async function assertNotRunning(jobDir: string): Promise<void> {
  if (await sendControl(jobDir, 'status').then(() => true, () => false)) {
    throw new BeancrawlError([{ code: 'BC_JOB_RUNNING', location: { file: jobDir }, message: 'this job is already running (its control socket answers)' }]);
  }
}

/** Sends one command to a running crawl of the job; rejects when none answers. */
export function sendControl(jobDir: string, command: ControlCommand, timeoutMs = 5000): Promise<ControlReply> {
  return withSocketAddress(controlSocketPath(jobDir), (address) => exchange(address, command, timeoutMs));
}

/** What a running crawl answers to a command. */
export interface ControlReply {
  readonly ok: boolean;
  readonly error?: string;
  readonly progress?: Record<string, unknown>;
  readonly recent?: RecentRate;
  readonly checkpoint?: string;
}

/** One command over one connection to the socket at `address`. */
function exchange(address: string, command: ControlCommand, timeoutMs: number): Promise<ControlReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(address);
    let text = '';
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`the crawl did not answer within ${timeoutMs / 1000} s`)));
    socket.setEncoding('utf8').on('data', (d: string) => (text += d));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(JSON.parse(text));
      } catch (e) {
        reject(e);
      }
    });
    socket.write(`${JSON.stringify({ command })}\n`);
  });
}
