import { expect } from 'chai';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tempDir } from '../../test/support/temp-dir.js';
import { LOG_LINE_MAX_BYTES, readLogPage, type LogPage, type LogReadOptions } from './log-page.js';
import { LOG_PAGE_MAX_LINES, LogPageRequestError, type LogPageRequest } from './log-page-request.js';

/** A crawl.log line as CrawlerLoggerModule writes it (status padded to 5, size to 10). */
function crawlLine(status: number, url: string, via = '-'): string {
  return `2024-01-02T03:04:05.000Z ${String(status).padStart(5)} ${'1234'.padStart(10)} ${url} L ${via} text/html #001 20240102030405000+12 sha1:ABCDEF - -`;
}

/** Numbered lines, each ending in a newline. */
function numbered(n: number, prefix = 'line'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix} ${i}`);
}

/** Byte offset of line `index` in the text made of `lines`, each followed by a newline. */
function offsetOf(lines: string[], index: number): number {
  return Buffer.byteLength(lines.slice(0, index).map((l) => `${l}\n`).join(''));
}

async function withLog(name: string, content: string, test: (file: string) => Promise<void>): Promise<void> {
  const work = await tempDir({ [name]: content });
  try {
    await test(join(work.dir, name));
  } finally {
    await work.cleanup();
  }
}

/** Reads forward page after page from 0, following `next`, and returns every page. */
async function allPages(file: string, request: LogPageRequest, options: LogReadOptions): Promise<LogPage[]> {
  const pages: LogPage[] = [];
  for (let from: number | undefined = 0; from !== undefined; from = pages.at(-1)!.next) {
    pages.push(await readLogPage(file, { ...request, from }, options));
    expect(pages.length).to.be.below(1000);
  }
  return pages;
}

describe(readLogPage.name, () => {
  const text = (lines: string[]) => lines.map((l) => `${l}\n`).join('');

  it('gives an empty page for a log not written yet', async () => {
    const work = await tempDir();
    try {
      expect(await readLogPage(join(work.dir, 'crawl.log'), { tail: 10 })).to.deep.equal({ lines: [], from: 0, size: 0 });
      expect(await readLogPage(join(work.dir, 'alerts.log'), { from: 0 })).to.deep.equal({ lines: [], from: 0, size: 0 });
    } finally {
      await work.cleanup();
    }
  });

  describe('tail', () => {
    it('gives the last N lines, newest last, and the offset the first of them starts at', async () => {
      const lines = numbered(10);
      await withLog('alerts.log', text(lines), async (file) => {
        const size = offsetOf(lines, 10);
        expect(await readLogPage(file, { tail: 3 })).to.deep.equal({ lines: ['line 7', 'line 8', 'line 9'], from: offsetOf(lines, 7), size });
        expect(await readLogPage(file, { tail: 3 }, { chunkBytes: 5 })).to.deep.equal({ lines: ['line 7', 'line 8', 'line ' +
          '9'], from: offsetOf(lines, 7), size });
        expect(await readLogPage(file, { tail: 50 }, { chunkBytes: 5 })).to.deep.equal({ lines, from: 0, size });
      });
    });

    it('stops as soon as it has N lines: the last lines of a large file within a small budget', async () => {
      const lines = numbered(5000);
      await withLog('uri-errors.log', text(lines), async (file) => {
        const page = await readLogPage(file, { tail: 2 }, { chunkBytes: 64, scanBudgetBytes: 64 });
        expect(page).to.deep.equal({ lines: ['line 4998', 'line 4999'], from: offsetOf(lines, 4998), size: offsetOf(lines, 5000) });
      });
    });

    it('reads on backward from a page\'s from given as before', async () => {
      const lines = numbered(10);
      await withLog('alerts.log', text(lines), async (file) => {
        const newest = await readLogPage(file, { tail: 4 }, { chunkBytes: 7 });
        const older = await readLogPage(file, { tail: 4, before: newest.from }, { chunkBytes: 7 });
        expect(older).to.deep.equal({ lines: ['line 2', 'line 3', 'line 4', 'line ' +
          '5'], from: offsetOf(lines, 2), next: offsetOf(lines, 6), size: offsetOf(lines, 10) });
        const oldest = await readLogPage(file, { tail: 4, before: older.from }, { chunkBytes: 7 });
        expect(oldest).to.deep.equal({ lines: ['line 0', 'line 1'], from: 0, next: offsetOf(lines, 2), size: offsetOf(lines, 10) });
      });
    });

    it('caps N at LOG_PAGE_MAX_LINES', async () => {
      const lines = numbered(LOG_PAGE_MAX_LINES + 5);
      await withLog('alerts.log', text(lines), async (file) => {
        const page = await readLogPage(file, { tail: LOG_PAGE_MAX_LINES + 100 });
        expect(page.lines).to.deep.equal(lines.slice(5));
        expect(page.from).to.equal(offsetOf(lines, 5));
      });
    });
  });

  describe('from and limit', () => {
    it('pages forward across chunk boundaries: next is the offset after the last line returned, absent at the end', async () => {
      const lines = numbered(23, 'entry number');
      await withLog('alerts.log', text(lines), async (file) => {
        const pages = await allPages(file, { limit: 5 }, { chunkBytes: 7 });
        expect(pages.map((p) => p.lines)).to.deep.equal([0, 5, 10, 15, 20].map((i) => lines.slice(i, i + 5)));
        expect(pages.map((p) => p.from)).to.deep.equal([0, 5, 10, 15, 20].map((i) => offsetOf(lines, i)));
        expect(pages.map((p) => p.next)).to.deep.equal([5, 10, 15, 20, undefined].map((i) => (i === undefined ? i : offsetOf(lines, i))));
        expect(pages.every((p) => p.size === offsetOf(lines, 23) && p.truncated === undefined)).to.equal(true);
      });
    });

    it('defaults to the first 100 lines and caps limit at LOG_PAGE_MAX_LINES', async () => {
      const lines = numbered(LOG_PAGE_MAX_LINES + 5);
      await withLog('alerts.log', text(lines), async (file) => {
        const first = await readLogPage(file, {});
        expect(first.lines).to.deep.equal(lines.slice(0, 100));
        expect(first.next).to.equal(offsetOf(lines, 100));
        const capped = await readLogPage(file, { from: 0, limit: 5000 });
        expect(capped.lines).to.deep.equal(lines.slice(0, LOG_PAGE_MAX_LINES));
        expect(capped.next).to.equal(offsetOf(lines, LOG_PAGE_MAX_LINES));
      });
    });

    it('starts at the next line when from falls inside a line, and is empty past the end', async () => {
      const lines = numbered(4);
      await withLog('alerts.log', text(lines), async (file) => {
        const size = offsetOf(lines, 4);
        expect(await readLogPage(file, { from: offsetOf(lines, 1) + 2 }, { chunkBytes: 3 })).to.deep.equal({ lines: ['line 2', 'line ' +
          '3'], from: offsetOf(lines, 2), size });
        // The newline ending line 0 belongs to it.
        expect(await readLogPage(file, { from: offsetOf(lines, 1) - 1 })).to.deep.equal({ lines: ['line 1', 'line 2', 'line ' +
          '3'], from: offsetOf(lines, 1), size });
        expect(await readLogPage(file, { from: size })).to.deep.equal({ lines: [], from: size, size });
        expect(await readLogPage(file, { from: size + 100 })).to.deep.equal({ lines: [], from: size, size });
      });
    });
  });

  describe('an unfinished last line (the log being written)', () => {
    it('is left out, next pointing at it; once written, from next reads it', async () => {
      const lines = numbered(3);
      await withLog('alerts.log', `${text(lines)}line 3 half`, async (file) => {
        const whole = offsetOf(lines, 3);
        const size = whole + 'line 3 half'.length;
        expect(await readLogPage(file, { tail: 2 }, { chunkBytes: 4 })).to.deep.equal({ lines: ['line 1', 'line ' +
          '2'], from: offsetOf(lines, 1), next: whole, size });
        const forward = await readLogPage(file, { from: 0 }, { chunkBytes: 4 });
        expect(forward).to.deep.equal({ lines, from: 0, next: whole, size });
        await appendFile(file, ' written\nline 4 ha');
        const after = await readLogPage(file, { from: forward.next });
        expect(after).to.deep.equal({ lines: ['line 3 half written'], from: whole, next: size + ' written\n'.length, size: size + ' written\nline 4 ha'.length });
      });
    });

    it('is no line at all when the file has no newline yet', async () => {
      await withLog('alerts.log', 'no newline yet', async (file) => {
        expect(await readLogPage(file, { tail: 5 })).to.deep.equal({ lines: [], from: 0, next: 0, size: 14 });
        expect(await readLogPage(file, { from: 0 })).to.deep.equal({ lines: [], from: 0, next: 0, size: 14 });
      });
    });
  });

  describe('filters', () => {
    const crawl = [
      crawlLine(200, 'http://example.org/'),
      crawlLine(404, 'http://example.org/missing', 'http://example.org/'),
      crawlLine(-6, 'http://gone.example.net/'),
      crawlLine(200, 'https://www.example.org/a/b.html'),
      crawlLine(410, 'http://example.com/org'),
      crawlLine(301, 'http://example.org/moved'),
      crawlLine(1, 'dns:example.org'),
    ];
    const urls = (page: LogPage) => page.lines.map((l) => l.split(/\s+/)[3]);

    it('matches crawl.log\'s status column: a code, or a class such as 4xx', async () => {
      await withLog('crawl.log', text(crawl), async (file) => {
        expect(urls(await readLogPage(file, { from: 0, status: '404' }))).to.deep.equal(['http://example.org/missing']);
        expect(urls(await readLogPage(file, { from: 0, status: '-6' }))).to.deep.equal(['http://gone.example.net/']);
        expect(urls(await readLogPage(file, { from: 0, status: '4xx' }))).to.deep.equal(['http://example.org/missing', 'http://example.com/org']);
        expect(urls(await readLogPage(file, { tail: 1, status: '200' }))).to.deep.equal(['https://www.example.org/a/b.html']);
        expect(urls(await readLogPage(file, { tail: 5, status: '2XX' }, { chunkBytes: 50 }))).to.deep.equal(['http://example.org/', 'https://www.example.org/a/b.html']);
      });
    });

    it('matches contains against crawl.log\'s URL column only (not the via)', async () => {
      await withLog('crawl.log', text(crawl), async (file) => {
        expect(urls(await readLogPage(file, { from: 0, contains: 'example.org/' }))).to.deep.equal([
          'http://example.org/', 'http://example.org/missing', 'https://www.example.org/a/b.html', 'http://example.org/moved',
        ]);
        expect(urls(await readLogPage(file, { from: 0, contains: 'missing', status: '200' }))).to.deep.equal([]);
      });
    });

    it('matches surtPrefix against the URL\'s SURT form, written with or without its scheme, https read as http', async () => {
      await withLog('crawl.log', text(crawl), async (file) => {
        const exampleOrg = ['http://example.org/', 'http://example.org/missing', 'https://www.example.org/a/b.html', 'http://example.org/moved'];
        for (const surtPrefix of ['http://(org,example,', '(org,example,', 'org,example,', 'example.org', 'https://(org,example,']) {
          expect(urls(await readLogPage(file, { from: 0, surtPrefix })), surtPrefix).to.deep.equal(exampleOrg);
        }
        expect(urls(await readLogPage(file, { from: 0, surtPrefix: 'http://(org,example,)/m' }))).to.deep.equal(['http://example.org/missing', 'http://example.org/moved']);
        expect(urls(await readLogPage(file, { from: 0, surtPrefix: 'http://(org,example,www,)/a/' }))).to.deep.equal(['https://www.example.org/a/b.html']);
        expect(urls(await readLogPage(file, { tail: 1, surtPrefix: 'org,example,)/' }))).to.deep.equal(['http://example.org/moved']);
      });
    });

    it('matches contains against the whole line of the other logs, and refuses status and surtPrefix there', async () => {
      const alerts = ['2024-01-02T03:04:05.000Z WARNING seed out of scope', '2024-01-02T03:04:06.000Z SEVERE runtime error on http://example.org/'];
      await withLog('alerts.log', text(alerts), async (file) => {
        expect((await readLogPage(file, { tail: 5, contains: 'SEVERE' })).lines).to.deep.equal([alerts[1]]);
        await expectRefusal(readLogPage(file, { tail: 5, status: '200' }), /crawl\.log only/);
        await expectRefusal(readLogPage(file, { tail: 5, surtPrefix: 'org,example,' }), /crawl\.log only/);
      });
    });

    it('reads a file by the format given rather than its name', async () => {
      await withLog('crawl.log.old', text(crawl), async (file) => {
        expect(urls(await readLogPage(file, { from: 0, status: '301' }, { format: 'crawl' }))).to.deep.equal(['http://example.org/moved']);
        await expectRefusal(readLogPage(file, { from: 0, status: '301' }), /crawl\.log only/);
      });
    });
  });

  it('refuses a request it cannot answer as asked', async () => {
    await withLog('crawl.log', '', async (file) => {
      await expectRefusal(readLogPage(file, { tail: 5, from: 0 }), /tail cannot be combined/);
      await expectRefusal(readLogPage(file, { tail: 5, limit: 3 }), /tail cannot be combined/);
      await expectRefusal(readLogPage(file, { from: 0, before: 10 }), /before goes with tail/);
      await expectRefusal(readLogPage(file, { tail: 0 }), /tail must be a whole number above 0, not 0/);
      await expectRefusal(readLogPage(file, { from: -1 }), /from must be a byte offset/);
      await expectRefusal(readLogPage(file, { from: Number('x') }), /from must be a byte offset .* not NaN/);
      await expectRefusal(readLogPage(file, { limit: 2.5 }), /limit must be a whole number/);
      await expectRefusal(readLogPage(file, { status: '40x' }), /status must be a fetch status code .* not "40x"/);
    });
    // Checked before the file is looked for.
    await expectRefusal(readLogPage('/nonexistent/crawl.log', { tail: -1 }), /tail must be/);
  });

  describe('the scan budget', () => {
    const lines = [...numbered(100, 'common head'), 'the rare one', ...numbered(100, 'common tail')];

    it('stops a forward page that found too little, truncated, with a next that reads on', async () => {
      await withLog('alerts.log', text(lines), async (file) => {
        const options = { chunkBytes: 64, scanBudgetBytes: 1000 };
        const first = await readLogPage(file, { from: 0, contains: 'rare' }, options);
        expect(first.lines).to.deep.equal([]);
        expect(first.truncated).to.equal(true);
        // The range ends after the last whole line within the 1000 bytes read.
        const lastWhole = lines.findIndex((_, i) => offsetOf(lines, i + 1) > 1000);
        expect(first.next).to.equal(offsetOf(lines, lastWhole));
        const pages = await allPages(file, { contains: 'rare' }, options);
        expect(pages.flatMap((p) => p.lines)).to.deep.equal(['the rare one']);
        expect(pages.slice(0, -1).every((p) => p.truncated === true)).to.equal(true);
        const last = pages.at(-1)!;
        expect([last.truncated, last.next]).to.deep.equal([undefined, undefined]);
      });
    });

    it('stops a tail that found too little, truncated, with a from that before reads on from', async () => {
      await withLog('alerts.log', text(lines), async (file) => {
        const size = offsetOf(lines, lines.length);
        const options = { chunkBytes: 64, scanBudgetBytes: 1000 };
        const first = await readLogPage(file, { tail: 2, contains: 'rare' }, options);
        // The range starts at the oldest line whose newline before it was within the last 1000 bytes.
        const oldestWhole = lines.findIndex((_, i) => offsetOf(lines, i) > size - 1000);
        expect(first).to.deep.equal({ lines: [], from: offsetOf(lines, oldestWhole), size, truncated: true });
        const found: string[] = [];
        let page = first;
        for (let requests = 1; page.truncated; requests++) {
          expect(requests).to.be.below(20);
          page = await readLogPage(file, { tail: 2, contains: 'rare', before: page.from }, options);
          found.unshift(...page.lines);
        }
        expect(found).to.deep.equal(['the rare one']);
      });
    });
  });

  describe('a very long line', () => {
    const long = `crawled ${'x'.repeat(990)} end`; // 1002 bytes

    it('is cut to its first maxLineBytes and marked, reading forward and backward', async () => {
      const lines = ['before', long, 'after'];
      await withLog('alerts.log', text(lines), async (file) => {
        const cut = `${long.slice(0, 100)} …[cut: 1002 bytes]`;
        const options = { chunkBytes: 64, maxLineBytes: 100 };
        expect((await readLogPage(file, { from: 0 }, options)).lines).to.deep.equal(['before', cut, 'after']);
        expect((await readLogPage(file, { tail: 3 }, options)).lines).to.deep.equal(['before', cut, 'after']);
        // Filters read the part kept.
        expect((await readLogPage(file, { tail: 3, contains: 'crawled' }, options)).lines).to.deep.equal([cut]);
        expect((await readLogPage(file, { tail: 3, contains: 'end' }, options)).lines).to.deep.equal([]);
      });
    });

    it('is cut at LOG_LINE_MAX_BYTES by default, and never through a UTF-8 character', async () => {
      const huge = 'é'.repeat(LOG_LINE_MAX_BYTES); // two bytes each
      await withLog('alerts.log', text(['a', huge, 'b']), async (file) => {
        const kept = 'é'.repeat(LOG_LINE_MAX_BYTES / 2);
        for (const request of [{ from: 0 }, { tail: 3 }]) {
          expect((await readLogPage(file, request)).lines).to.deep.equal(['a', `${kept} …[cut: ${2 * LOG_LINE_MAX_BYTES} bytes]`, 'b']);
        }
        const odd = await readLogPage(file, { from: 0 }, { maxLineBytes: 7 });
        expect(odd.lines[1]).to.equal(`ééé …[cut: ${2 * LOG_LINE_MAX_BYTES} bytes]`);
      });
    });

    it('is skipped when longer than the scan budget: paging still moves on', async () => {
      const lines = ['first', 'y'.repeat(3000), 'last'];
      await withLog('alerts.log', text(lines), async (file) => {
        const options = { chunkBytes: 256, scanBudgetBytes: 1024 };
        const forward = await allPages(file, {}, options);
        expect(forward.flatMap((p) => p.lines)).to.deep.equal(['first', 'last']);
        const tail = await readLogPage(file, { tail: 3 }, options);
        expect(tail).to.include({ truncated: true });
        expect(tail.lines).to.deep.equal(['last']);
        let page = tail;
        const found = [...tail.lines];
        while (page.truncated) {
          page = await readLogPage(file, { tail: 3, before: page.from }, options);
          found.unshift(...page.lines);
        }
        expect(found).to.deep.equal(['first', 'last']);
      });
    });
  });
});

async function expectRefusal(promise: Promise<unknown>, message: RegExp): Promise<void> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).to.be.instanceOf(LogPageRequestError);
  expect((error as Error).message).to.match(message);
}
