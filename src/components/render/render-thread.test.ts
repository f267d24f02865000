import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { requireServer } from '../../../test/support/require-server.js';
import { until } from '../../../test/support/until.js';
import type { RenderOptions } from './render-page.js';
import { RenderThread } from './render-thread.js';

const run = promisify(execFile);

const OPTIONS: RenderOptions = {
  pageTimeoutMs: 20_000, waitUntil: 'load', networkIdleMs: 100, waitSelector: '', scrollToEnd: false, scrollMaxSteps: 1, scrollBudgetMs: 0,
  clickSelector: '', clickMaxTimes: 1, clickBudgetMs: 0, stepWaitMs: 0,
};
const PAGE = '<!doctype html><html><body><img src="/pixel.png"><script>const a = document.createElement("a"); a.href = "/written"; ' +
  'a.textContent = "by script"; document.body.append(a);</script></body></html>';

/** ps's view (not ours) of this process's children: pid, nice value, command. */
async function children(): Promise<Array<{ pid: number; ni: number; comm: string }>> {
  // ps exits 1 when there is no such process: no children.
  const { stdout } = await run('ps', ['-o', 'pid=,ni=,comm=', '--ppid', String(process.pid)]).catch(() => ({ stdout: '' }));
  return stdout.trim().split('\n').filter(Boolean).map((l) => {
    const [pid, ni, ...comm] = l.trim().split(/\s+/);
    return { pid: Number(pid), ni: Number(ni), comm: comm.join(' ') };
  });
}

/** ps's view of every thread of every process under this one (the browser, its zygotes and renderers): pid, command, nice value, scheduling class. */
async function descendantThreads(): Promise<Array<{ pid: number; ni: number; cls: string; comm: string }>> {
  const { stdout } = await run('ps', ['-e', '-L', '-o', 'pid=,ppid=,ni=,cls=,comm=']);
  const rows = stdout.trim().split('\n').map((l) => {
    const [pid, ppid, ni, cls, ...comm] = l.trim().split(/\s+/);
    return { pid: Number(pid), ppid: Number(ppid), ni: Number(ni), cls, comm: comm.join(' ') };
  });
  const under = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows) if (under.has(r.ppid) && !under.has(r.pid)) (under.add(r.pid), (grew = true));
  }
  return rows.filter((r) => r.pid !== process.pid && under.has(r.pid) && r.comm !== 'ps');
}

/** A process's scheduling group (Linux's autogroup: one a session) and the group's nice value; undefined where there are none. */
async function groupOf(pid: number | 'self'): Promise<{ name: string; nice: number } | undefined> {
  const text = await readFile(`/proc/${pid}/autogroup`, 'latin1').catch(() => undefined);
  const m = text === undefined ? null : /^(\S+)\s+nice\s+(-?\d+)/.exec(text);
  return m ? { name: m[1], nice: Number(m[2]) } : undefined;
}

/** ps's view of this process's threads: their scheduling classes (TS: normal, IDL: idle). */
async function threadClasses(): Promise<string[]> {
  const { stdout } = await run('ps', ['-L', '-o', 'cls=', '-p', String(process.pid)]);
  return stdout.trim().split('\n').map((c) => c.trim());
}

/** ps's view of this process's threads: their nice values. */
async function threadNices(): Promise<number[]> {
  const { stdout } = await run('ps', ['-L', '-o', 'ni=', '-p', String(process.pid)]);
  return stdout.trim().split('\n').map(Number);
}

describe('RenderThread: the browser driven from a thread of its own', function () {
  this.timeout(120_000);

  before(function () {
    requireServer(this, 'chromium');
  });

  it('renders a page off the main thread, its requests answered here, the thread and the browser at renderNiceness above the crawl', async () => {
    const own = Number((await run('ps', ['-o', 'ni=', '-p', String(process.pid)])).stdout.trim());
    const thread = new RenderThread({ executablePath: '/usr/bin/chromium', maxPages: 1, maxRssBytes: 0, niceness: 5, idleClass: false });
    const asked: string[] = [];
    try {
      const result = await thread.render({ page: { uri: 'http://127.0.0.1:9/', status: 200, headers: { 'content-type': 'text/html' },
        body: Buffer.from(PAGE) }, options: OPTIONS }, async (url, method) => {
        asked.push(`${method} ${url}`);
        return { kind: 'refused', why: 'out of scope' };
      });
      expect(result.error, 'the render failed').to.equal(undefined);
      expect(result.outcome!.links.map((l) => l.uri)).to.include('http://127.0.0.1:9/written');
      expect(result.outcome!.html).to.include('by script');
      expect(asked).to.deep.equal(['GET http://127.0.0.1:9/pixel.png']);
      expect(thread.counts).to.include({ launches: 1, tabsOpened: 1 });
      const browsers = (await children()).filter((c) => /chrom/i.test(c.comm));
      expect(browsers, JSON.stringify(await children())).to.not.have.length(0);
      for (const b of browsers) expect(b.ni, `nice of ${b.comm} (${b.pid}), the crawl's being ${own}`).to.equal(Math.min(19, own + 5));
      // Not one thread of the browser's runs above that (as root, Chromium would set its own: priority-capped-launcher.ts).
      const threads = await descendantThreads();
      expect(threads.length, 'threads under this process').to.be.greaterThan(browsers.length);
      const above = threads.filter((t) => t.ni < Math.min(19, own + 5));
      expect(above, 'threads of the browser above renderNiceness').to.deep.equal([]);
      expect(await threadNices(), 'the threads of this process').to.include(Math.min(19, own + 5));
      // The browser's session is a scheduling group of its own, shared with the crawl's as an equal unless its nice value says otherwise.
      const ownGroup = await groupOf('self');
      for (const b of browsers) {
        const group = await groupOf(b.pid);
        if (ownGroup === undefined || group === undefined) continue;
        expect(group.name, `${b.comm} (${b.pid}) in a session of its own`).to.not.equal(ownGroup.name);
        const why = `nice of ${b.comm}'s group (${group.name}), the crawl's (${ownGroup.name}) being ${ownGroup.nice}`;
        expect(group.nice, why).to.equal(Math.min(19, ownGroup.nice + 5));
      }
    } finally {
      await thread.close();
    }
    await until(async () => !(await children()).some((c) => /chrom/i.test(c.comm)), 'the browser to be gone after close');
  });

  it('runs the thread and every process and thread of the browser in the idle scheduling class (renderOnIdleCpu)', async () => {
    const thread = new RenderThread({ executablePath: '/usr/bin/chromium', maxPages: 1, maxRssBytes: 0, niceness: 10, idleClass: true });
    try {
      const result = await thread.render({ page: { uri: 'http://127.0.0.1:9/', status: 200, headers: { 'content-type': 'text/html' },
        body: Buffer.from(PAGE) }, options: OPTIONS }, async () => ({ kind: 'refused', why: 'out of scope' }));
      expect(result.error, 'the render failed').to.equal(undefined);
      const threads = await descendantThreads();
      expect(threads.filter((t) => /chrom/i.test(t.comm)), 'the browser\'s threads').to.not.have.length(0);
      const normal = threads.filter((t) => t.cls !== 'IDL');
      expect(normal, 'threads of the browser outside the idle class (ps\'s CLS)').to.deep.equal([]);
      const own = await threadClasses();
      expect(own.filter((c) => c === 'IDL'), `the classes of this process's threads: ${own.join(' ')}`).to.have.length(1);
    } finally {
      await thread.close();
    }
  });

  it('fails a page (no hang) when the browser cannot be launched, and says why', async () => {
    const thread = new RenderThread({ executablePath: '/nonexistent/chromium', maxPages: 1, maxRssBytes: 0, niceness: 0, idleClass: true });
    try {
      const result = await thread.render({ page: { uri: 'http://127.0.0.1:9/', status: 200, headers: {}, body: Buffer.from(PAGE) }, options: OPTIONS },
        async () => ({ kind: 'refused', why: 'never asked' }));
      expect(result.outcome).to.equal(undefined);
      expect(result.error).to.match(/nonexistent/);
    } finally {
      await thread.close();
    }
  });
});
