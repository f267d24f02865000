/**
 * `beancrawl lsp` on a job made from the default profile (Heritrix's default crawl, about 260
 * lines), the real server spoken to over stdio by the protocol's client: completion and hover
 * (targets 20 ms), and from a keystroke to its diagnostics published (target 200 ms), both with
 * the server's own debounce (60 ms) and with none (verify alone). Medians, 95th percentiles and
 * maxima of N runs each (`--runs N`, default 50), after warm-up. Not a test: `npm run bench`
 * runs it; report the figures.
 */
import { readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PublishDiagnosticsNotification } from 'vscode-languageserver-protocol/node';
import { LspClient, positionAt } from '../support/lsp-client.js';
import { runCli } from '../support/run-cli.js';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1] || 50) || 50;

interface Figures { median: number; p95: number; max: number }

function figures(xs: number[]): Figures {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))], max: s[s.length - 1] };
}

async function time(fn: () => Promise<unknown>, runs = RUNS): Promise<Figures> {
  for (let i = 0; i < 5; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return figures(out);
}

/** From a whole-text change to the publish of the file's diagnostics. */
async function keystrokes(client: LspClient, uri: string, base: string, runs: number): Promise<Figures> {
  const out: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    // Alternately a valid value and a misspelt property: each change is new text to verify.
    const text = base.replace('<bean id="fetchHttp" class="FetchHttp">', `<bean id="fetchHttp" class="FetchHttp">\n  <property ` +
      `name="${i % 2 ? 'timeoutSecondz' : 'timeoutSeconds'}" value="${100 + i}"/>`);
    const published = new Promise<void>((resolve) => {
      const d = client.connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
        if (p.uri === uri && p.diagnostics.length === i % 2) {
          d.dispose();
          resolve();
        }
      });
    });
    const t = performance.now();
    await client.change(uri, text, false);
    await published;
    if (i >= 3) out.push(performance.now() - t);
  }
  return figures(out);
}

const work = await mkdtemp(join(tmpdir(), 'beancrawl-lsp-bench-'));
try {
  const made = await runCli(['create', join(work, 'job'), '--seed', 'http://example.org/', '--contact', 'https://example.org/contact']);
  if (made.code !== 0) throw new Error(`create failed: ${made.stderr}`);
  const file = join(work, 'job', 'crawler-beans.xml');
  const base = await readFile(file, 'utf8');
  const text = base.replace('<bean id="fetchHttp" class="FetchHttp">', '<bean id="fetchHttp" class="FetchHttp">\n  <property name="timeoutSeconds" ' +
    'value="600"/>');
  const rows: Array<[string, Figures, number]> = [];
  for (const debounceMs of [60, 0]) {
    const client = await LspClient.start({ cwd: work, debounceMs });
    try {
      const uri = await client.open(file, text);
      if (debounceMs === 60) {
        const property = positionAt(text, text.indexOf('timeoutSeconds') + 3);
        const ref = positionAt(text, text.indexOf('<ref bean="') + 11);
        const cls = positionAt(text, text.indexOf('class="FetchHttp"') + 8);
        rows.push(['completion: property names of ' +
          'FetchHttp', await time(() => client.request('textDocument/completion', { textDocument: { uri }, position: property })), 20]);
        rows.push(['completion: a ref (compatible ' +
          'beans)', await time(() => client.request('textDocument/completion', { textDocument: { uri }, position: ref })), 20]);
        rows.push(['completion: class names', await time(() => client.request('textDocument/completion', { textDocument: { uri }, position: cls })), 20]);
        rows.push(['hover: a property (with its effective ' +
          'value)', await time(() => client.request('textDocument/hover', { textDocument: { uri }, position: property })), 20]);
        rows.push(['definition: a ref', await time(() => client.request('textDocument/definition', { textDocument: { uri }, position: ref })), 20]);
      }
      rows.push([`keystroke → diagnostics published (debounce ${debounceMs} ms)`, await keystrokes(client, uri, base, Math.min(RUNS, 30)), 200]);
    } finally {
      await client.stop();
    }
  }
  console.log(`beancrawl lsp on a job from the default profile (${text.split('\n').length} lines), over stdio; ms, ${RUNS} runs each (keystrokes: ` +
    `${Math.min(RUNS, 30)})`);
  console.log('| what | median | p95 | max | target |');
  console.log('|---|---|---|---|---|');
  for (const [what, f, target] of rows) console.log(`| ${what} | ${f.median.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.max.toFixed(1)} | < ${target} |`);
} finally {
  await rm(work, { recursive: true, force: true });
}
