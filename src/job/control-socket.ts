import { unlink } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { CrawlControl, SeedAdded } from '../model/crawl-control.js';
import type { Explanation } from './explain-urls.js';
import type { QueueSummary } from '../model/frontier-queues.js';
import { BeancrawlError } from '../util/beancrawl-error.js';
import { INTERRUPTED } from '../model/crawl-control.js';
import type { LiveBean, LiveBeans, LiveChange } from './live-beans.js';
import { RecentRates, type RecentRate } from './recent-rates.js';
import { withSocketAddress } from './socket-address.js';

/** The control socket of a running crawl, in its job folder. */
export function controlSocketPath(jobDir: string): string {
  return join(jobDir, '.beancrawl.sock');
}

/** `interrupt` stops the crawl as Ctrl-C does (INTERRUPTED: the next launch resumes it); `terminate` ends it (ABORTED). */
export type ControlCommand = 'status' | 'pause' | 'unpause' | 'checkpoint' | 'terminate' | 'interrupt' | 'seeds' | 'queues' | 'beans' | 'set' | 'retire' | 'reactivate' | 'delete' | 'explain';

/** What a command takes besides its name: `seeds` the URLs, `queues` which queues and how many. */
export interface ControlArgs {
  /** `seeds`: the URLs to add; `explain`: the URLs to explain. */
  readonly urls?: readonly string[];
  /** `retire`, `reactivate`, `delete`: the queue's key. */
  readonly key?: string;
  /** `delete`: a Java regular expression the whole URI matches. */
  readonly pattern?: string;
  /** `set`: the bean, its property, the new value, and who asks (for the change log). */
  readonly bean?: string;
  readonly property?: string;
  readonly value?: unknown;
  readonly who?: string;
  readonly state?: string;
  readonly sort?: 'size' | 'key' | 'wake' | 'spent' | 'errors';
  readonly limit?: number;
  /** `queues`: how many of the sorted list to pass over (paging), and a text the key contains. */
  readonly offset?: number;
  readonly match?: string;
}

/** Queues one answer lists at most. */
export const MAX_QUEUES_LISTED = 1000;

/** What the socket can do besides driving the controller. */
export interface ControlExtras {
  /** Takes a checkpoint; resolves to its folder. */
  readonly checkpoint?: () => Promise<string>;
  /** The crawl's beans, read and changed while it runs. */
  readonly live?: Pick<LiveBeans, 'list' | 'set'>;
  /** What the crawl does with URLs, by its beans as they are now (explain-urls.ts). */
  readonly explain?: (urls: readonly string[]) => Explanation[];
}

/**
 * Serves one JSON line per connection: `{"command": …}` in, the crawl's progress out. A socket
 * left by a crawl that died is replaced; one that answers means the job already runs.
 */
export async function serveControlSocket(jobDir: string, controller: CrawlControl, extras: ControlExtras = {}): Promise<{ close(): Promise<void> }> {
  const path = controlSocketPath(jobDir);
  await assertNotRunning(jobDir);
  const rates = new RecentRates(controller);
  // The socket of a crawl that died (assertNotRunning found none answering), if any: one that cannot be removed makes listen below fail and tell.
  await unlink(path).catch(() => undefined);
  const server: Server = createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8').on('data', (d: string) => {
      text += d;
      if (!text.includes('\n')) return;
      void answer(text).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    // A client gone before its answer (a command line killed): the answer is for no one, the crawl goes on.
    socket.on('error', () => undefined);
  });
  const answer = async (text: string): Promise<unknown> => {
    try {
      const { command, args = {} } = JSON.parse(text) as { command: ControlCommand; args?: ControlArgs };
      let checkpoint: string | undefined;
      if (command === 'seeds') {
        if (!controller.addSeeds) throw new Error('this crawl cannot take seeds while it runs');
        return { ok: true, seeds: await controller.addSeeds(args.urls ?? []), progress: controller.progress() };
      }
      if (command === 'explain') {
        if (!extras.explain) throw new Error('this crawl cannot explain URLs while it runs');
        const urls = args.urls ?? [];
        if (!Array.isArray(urls) || urls.some((u) => typeof u !== 'string')) throw new Error('explain takes a list of URLs');
        return { ok: true, explained: extras.explain(urls) };
      }
      if (command === 'queues') return { ok: true, ...listQueues(controller, args) };
      if (command === 'retire' || command === 'reactivate') {
        const done = controller.queueAction?.(command, args.key ?? '');
        if (done === undefined) throw new Error('this crawl\'s frontier cannot retire or reactivate queues');
        if (!done) return { ok: false, error: `no queue "${args.key}" that can be ${command === 'retire' ? 'retired (it is retired already, or ' +
          'unknown)' : 'reactivated (it is not retired, or unknown)'}`, status: 409 };
        return { ok: true, progress: controller.progress() };
      }
      if (command === 'delete') {
        let deleted: number | null | undefined;
        try {
          deleted = await controller.deleteUris?.(args.key ?? '', args.pattern ?? '');
        } catch (e) {
          if (!(e instanceof SyntaxError)) throw e;
          return { ok: false, error: `the pattern ${JSON.stringify(args.pattern)}: ${e.message}`, status: 422 };
        }
        if (deleted === undefined) throw new Error('this crawl\'s frontier cannot delete URIs');
        if (deleted === null) return { ok: false, error: `queue "${args.key}" has a URI in process: ask again once it rests`, status: 409 };
        return { ok: true, deleted, progress: controller.progress() };
      }
      if (command === 'beans' || command === 'set') {
        if (!extras.live) throw new Error('this crawl\'s beans cannot be read while it runs');
        if (command === 'beans') return { ok: true, beans: extras.live.list() };
        return { ok: true, change: await extras.live.set(args.bean ?? '', args.property ?? '', args.value, args.who ?? 'unknown') };
      }
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
      // A refused change (LiveChangeError) says which HTTP status fits and what can be changed.
      const { status, live } = e as { status?: number; live?: readonly string[] };
      return { ok: false, error: (e as Error).message, status, live };
    }
  };
  // Bound through a short address when the job's path is too long for one: the socket is still
  // made in the job folder, and removed from there (by its full path) on close.
  await withSocketAddress(path, (address) => new Promise<void>((resolve, reject) => server.once('error', reject).listen({ path: address }, () => resolve())));
  server.unref();
  return {
    close: () => {
      rates.stop();
      // Gone already with a job folder deleted; one that stays answers nobody, and the next launch replaces it (above).
      return new Promise<void>((resolve) => server.close(() => resolve())).then(() => unlink(path).catch(() => undefined));
    },
  };
}

/** The crawl's queues in a state (all when none is given), sorted, at most `limit` of them, with how many there are. */
function listQueues(controller: CrawlControl, args: ControlArgs): { queues: QueueSummary[]; total: number } {
  const all = controller.queues?.();
  if (!all) throw new Error('this crawl\'s frontier does not list its queues');
  const chosen: QueueSummary[] = [];
  const match = args.match?.toLowerCase();
  for (const q of all) if ((!args.state || q.state === args.state) && (!match || q.key.toLowerCase().includes(match))) chosen.push(q);
  const byKey = (a: QueueSummary, b: QueueSummary) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  const by: Record<string, (a: QueueSummary, b: QueueSummary) => number> = {
    size: (a, b) => b.size - a.size, key: byKey, wake: (a, b) => a.wakeAt - b.wakeAt, spent: (a, b) => b.totalSpent - a.totalSpent,
    errors: (a, b) => (b.errors ?? 0) - (a.errors ?? 0),
  };
  const order = by[args.sort ?? 'size'] ?? by.size;
  // Ties in key order, so that pages of one listing neither repeat nor skip a queue.
  chosen.sort((a, b) => order(a, b) || byKey(a, b));
  const offset = Math.max(0, args.offset ?? 0);
  return { queues: chosen.slice(offset, offset + Math.min(args.limit ?? 100, MAX_QUEUES_LISTED)), total: chosen.length };
}

/** Refuses a job whose crawl is running in another process (before anything of it is opened). */
export async function assertNotRunning(jobDir: string): Promise<void> {
  if (await sendControl(jobDir, 'status').then(() => true, () => false)) {
    throw new BeancrawlError([{ code: 'BC_JOB_RUNNING', location: { file: jobDir }, message: 'this job is already running (its control socket answers)' }]);
  }
}

/** Sends one command to a running crawl of the job; rejects when none answers. */
export function sendControl(jobDir: string, command: ControlCommand, timeoutMs = 5000, args?: ControlArgs): Promise<ControlReply> {
  return withSocketAddress(controlSocketPath(jobDir), (address) => exchange(address, command, timeoutMs, args));
}

/** What a running crawl answers to a command. */
export interface ControlReply {
  readonly ok: boolean;
  readonly error?: string;
  readonly progress?: Record<string, unknown>;
  readonly recent?: RecentRate;
  readonly checkpoint?: string;
  readonly seeds?: readonly SeedAdded[];
  readonly queues?: readonly QueueSummary[];
  /** With `queues`: how many queues matched, of which `queues` holds the first. */
  readonly total?: number;
  readonly beans?: readonly LiveBean[];
  readonly change?: LiveChange;
  /** With `explain`: one explanation a URL, in order. */
  readonly explained?: readonly Explanation[];
  /** With `delete`: how many URIs were deleted. */
  readonly deleted?: number;
  /** A refused `set`: the answer's HTTP status, and the bean's live properties. */
  readonly status?: number;
  readonly live?: readonly string[];
}

/** One command over one connection to the socket at `address`. */
function exchange(address: string, command: ControlCommand, timeoutMs: number, args?: ControlArgs): Promise<ControlReply> {
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
    socket.write(`${JSON.stringify({ command, args })}\n`);
  });
}
