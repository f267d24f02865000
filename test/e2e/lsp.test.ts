import { expect } from 'chai';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CodeAction, CompletionItem, CompletionList, Diagnostic, DocumentSymbol, Hover, Location, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { builtInRegistry } from '../../src/catalog/catalog.js';
import { LspClient, offsetAt, positionAt } from '../support/lsp-client.js';
import { REPO_ROOT, runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

/** A job made from a profile with its seed and contact filled in: it verifies clean. */
async function job(dir: string, profile: string): Promise<string> {
  const made = await runCli(['create', dir, '--profile', profile, '--seed', 'http://example.org/', '--contact', 'https://example.org/contact']);
  expect(made.code, made.stderr).to.equal(0);
  return join(dir, profile.endsWith('.json') ? 'crawler-beans.json' : 'crawler-beans.xml');
}

/** The text with every edit applied (edits of one file, none overlapping). */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start));
  for (const e of sorted) text = text.slice(0, offsetAt(text, e.range.start)) + e.newText + text.slice(offsetAt(text, e.range.end));
  return text;
}

function slice(text: string, d: { range: Diagnostic['range'] }): string {
  return text.slice(offsetAt(text, d.range.start), offsetAt(text, d.range.end));
}

/** The offset just after the first `find` after `after`. */
function offsetAfter(text: string, find: string, from = ''): number {
  const start = from ? text.indexOf(from) : 0;
  expect(start, `the text holds ${from}`).to.be.at.least(0);
  const at = text.indexOf(find, start);
  expect(at, `the text holds ${find} after ${from}`).to.be.at.least(0);
  return at + find.length;
}

describe('beancrawl lsp (the binary, driven over stdio by the protocol\'s client)', function () {
  this.timeout(60_000);
  let work: { dir: string; cleanup(): Promise<void> };
  let client: LspClient;

  beforeEach(async () => {
    work = await tempDir();
    client = await LspClient.start({ cwd: work.dir });
  });
  afterEach(async () => {
    await client.stop();
    await work.cleanup();
  });

  describe('an XML job', () => {
    it('publishes no diagnostics for a job made from the default profile', async () => {
      const file = await job(join(work.dir, 'job'), 'default');
      const uri = await client.open(file, await readFile(file, 'utf8'));
      expect(client.diagnostics(uri), client.stderr).to.deep.equal([]);
    });

    it('marks a misspelt property as typed (unsaved) at its exact range, and its quick fix repairs it', async () => {
      const file = await job(join(work.dir, 'job'), 'default');
      const saved = await readFile(file, 'utf8');
      const uri = await client.open(file, saved);
      const typed = saved.replace('<bean id="fetchHttp" class="FetchHttp">', '<bean id="fetchHttp" class="FetchHttp">\n  <property ' +
        'name="timeoutSecondz" value="100"/>');
      await client.change(uri, typed);
      const diagnostics = client.diagnostics(uri)!;
      expect(diagnostics.map((d) => d.code), client.stderr).to.deep.equal(['BC_PROP_UNKNOWN']);
      const [d] = diagnostics;
      expect(d.severity).to.equal(1);
      expect(slice(typed, d), 'the range covers the misspelt name, start to end').to.equal('timeoutSecondz');
      expect(d.range.start).to.deep.equal(positionAt(typed, typed.indexOf('timeoutSecondz')));
      expect(await readFile(file, 'utf8'), 'the file on disk is not touched').to.equal(saved);

      const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
      const fix = actions.find((a) => a.isPreferred);
      expect(fix?.title).to.equal('Replace with "timeoutSeconds"');
      const fixed = applyEdits(typed, fix!.edit!.changes![uri]);
      expect(fixed).to.contain('<property name="timeoutSeconds" value="100"/>');
      await client.change(uri, fixed);
      expect(client.diagnostics(uri)).to.deep.equal([]);
    });

    it('reports a value out of bounds (level 2) and a broken file (level 1) while still completing in it', async () => {
      const file = await job(join(work.dir, 'job'), 'default');
      const saved = await readFile(file, 'utf8');
      const uri = await client.open(file, saved);
      const bad = saved.replace('<bean id="fetchHttp" class="FetchHttp">', '<bean id="fetchHttp" class="FetchHttp">\n  <property ' +
        'name="timeoutSeconds" value="-5"/>');
      await client.change(uri, bad);
      const [d] = client.diagnostics(uri)!;
      expect(d.code).to.equal('BC_PROP_RANGE');
      expect(slice(bad, d)).to.equal('-5');

      const broken = saved.replace('<bean id="fetchHttp" class="FetchHttp">', '<bean id="fetchHttp" class="FetchHttp">\n  <property name="');
      await client.change(uri, broken);
      expect(client.diagnostics(uri)!.map((x) => x.code)).to.deep.equal(['BC_XML_SYNTAX']);
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionAt(broken, offsetAfter(broken, '<property name="', 'class="FetchHttp"')) });
      expect(list.items.map((i) => i.label)).to.include('timeoutSeconds');
    });

    it('completes the properties of the enclosing FetchHttp bean, inherited ones included, and no other class\'s', async () => {
      const file = await job(join(work.dir, 'job'), 'default');
      const text = (await readFile(file, 'utf8')).replace('<bean id="fetchHttp" class="FetchHttp">', '<bean id="fetchHttp" class="FetchHttp">\n  ' +
        '<property name=""/>');
      const uri = await client.open(file, text);
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionAt(text, offsetAfter(text, '<property name="', 'class="FetchHttp"')) });
      const labels = list.items.map((i) => i.label);
      const d = builtInRegistry().lookup('FetchHttp')!;
      expect(labels).to.include.members([...Object.keys(d.props), ...Object.keys(d.refs ?? {})]);
      expect(labels, 'enabled and shouldProcessRule come from Processor').to.include.members(['enabled', 'shouldProcessRule']);
      expect(labels, 'FetchChain\'s property').not.to.include('processors');
      const timeout = list.items.find((i) => i.label === 'timeoutSeconds')!;
      expect(timeout.detail).to.contain('default 1200');
      expect(timeout.textEdit).to.deep.include({ newText: 'timeoutSeconds' });
      const resolved = await client.request<CompletionItem>('completionItem/resolve', timeout);
      expect((resolved.documentation as { value: string }).value).to.contain('Longest time for one fetch');
    });

    it('completes a ref with the ids of compatible beans only', async () => {
      const file = await job(join(work.dir, 'job'), 'default');
      const text = await readFile(file, 'utf8');
      const uri = await client.open(file, text);
      const at = offsetAfter(text, '<ref bean="');
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionAt(text, at) });
      const labels = list.items.map((i) => i.label);
      const registry = builtInRegistry();
      expect(labels).to.include('acceptSurts');
      expect(labels, 'not a processor').not.to.include('fetchHttp');
      expect(labels, 'not the metadata').not.to.include('metadata');
      for (const item of list.items) expect(registry.lookup(item.detail!)?.kinds, `${item.label} (${item.detail})`).to.include('DecideRule');
    });

    it('shows a property\'s description, type, default and effective value on hover', async () => {
      const file = await job(join(work.dir, 'job'), 'default');
      const text = (await readFile(file, 'utf8')).replace('<bean id="fetchHttp" class="FetchHttp">', '<bean id="fetchHttp" class="FetchHttp">\n  ' +
        '<property name="timeoutSeconds" value="600"/>');
      const uri = await client.open(file, text);
      const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionAt(text, text.indexOf('timeoutSeconds') + 3) });
      const value = (hover.contents as { value: string }).value;
      expect(value).to.contain('**timeoutSeconds**').and.contain('default `1200`').and.contain('integer, minimum 0').and.contain('overlayable');
      expect(value).to.match(/Effective: `600` \*\(.*crawler-beans\.xml:\d+:\d+\)\*/);
      const override = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionAt(text, text.indexOf('metadata.jobName') + 12) });
      expect((override.contents as { value: string }).value).to.contain('**jobName**').and.match(/Effective: `"basic"` \*\(override /);
    });

    it('goes from a ref to its bean across an <import>, and from an override key to the property it sets', async () => {
      const dir = join(work.dir, 'job');
      const file = await job(dir, 'default');
      await writeFile(join(dir, 'rules.xml'), '<beans>\n <bean id="extraRule" class="RejectDecideRule"/>\n</beans>\n');
      const text = (await readFile(file, 'utf8'))
        .replace('<beans', '<beans')
        .replace(/(<beans[^>]*>)/, '$1\n <import resource="rules.xml"/>')
        .replace('<ref bean="acceptSurts"/>', '<ref bean="acceptSurts"/>\n    <ref bean="extraRule"/>');
      const uri = await client.open(file, text);
      expect(client.diagnostics(uri), client.stderr).to.deep.equal([]);
      const defs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionAt(text, text.indexOf('"extraRule"') + 3) });
      expect(defs).to.deep.equal([{ uri: client.uri(join(dir, 'rules.xml')), range: { start: { line: 1, character: 11 }, end: { line: 1, character: 20 } } }]);

      const toImport = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionAt(text, text.indexOf('rules.xml') + 2) });
      expect(toImport.map((l) => l.uri)).to.deep.equal([client.uri(join(dir, 'rules.xml'))]);

      // The imported file, opened and edited: checked with the job that imports it, its problem shown in it.
      const rulesText = '<beans>\n <bean id="extraRule" class="RejectDecideRul"/>\n</beans>\n';
      const rulesUri = await client.open(join(dir, 'rules.xml'), rulesText);
      await client.settled(uri);
      expect(client.diagnostics(rulesUri)!.map((x) => [x.code, slice(rulesText, x)])).to.deep.equal([['BC_CLASS_UNKNOWN', 'RejectDecideRul']]);
      expect(client.diagnostics(uri)).to.deep.equal([]);
      const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri: rulesUri }, position: positionAt(rulesText, rulesText.indexOf('extraRule') + 2), context: { includeDeclaration: false } });
      expect(refs.map((r) => [r.uri, slice(text, r)])).to.deep.equal([[uri, 'extraRule']]);
      await client.change(rulesUri, '<beans>\n <bean id="extraRule" class="RejectDecideRule"/>\n</beans>\n');
      expect(client.diagnostics(rulesUri)).to.deep.equal([]);

      // Closed, then broken on disk by another program: the job is checked again when the editor reports the change.
      await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: rulesUri } });
      await writeFile(join(dir, 'rules.xml'), '<beans>\n <bean id="extraRule" class="RejectDecideRul"/>\n</beans>\n');
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: rulesUri, type: 2 }] });
      await client.settled(uri);
      expect(client.diagnostics(rulesUri)!.map((x) => x.code)).to.deep.equal(['BC_CLASS_UNKNOWN']);

      const key = text.indexOf('metadata.jobName');
      const toBean = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionAt(text, key + 2) });
      expect(toBean.map((l) => slice(text, l))).to.deep.equal(['metadata']);
      expect(text.slice(offsetAt(text, toBean[0].range.start) - 4, offsetAt(text, toBean[0].range.start))).to.equal('id="');
      const toProperty = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionAt(text, key + 'metadata.'.length + 2) });
      expect(toProperty).to.have.length(1);
      expect(slice(text, toProperty[0])).to.equal('jobName');
    });

    it('finds every reference to a bean, and renames its id everywhere: references, override keys, imports', async () => {
      const dir = join(work.dir, 'job');
      const file = await job(dir, 'default');
      await writeFile(join(dir, 'more.xml'), '<beans>\n <bean id="moreOverrides" class="PropertyOverrideConfigurer">\n  <property ' +
        'name="properties"><value>\nmetadata.description=more\n  </value></property>\n </bean>\n</beans>\n');
      const text = (await readFile(file, 'utf8')).replace(/(<beans[^>]*>)/, '$1\n <import resource="more.xml"/>');
      const uri = await client.open(file, text);
      expect(client.diagnostics(uri), client.stderr).to.deep.equal([]);
      const at = positionAt(text, text.indexOf('id="metadata"') + 6);
      const refs = await client.request<Location[]>('textDocument/references', { textDocument: { uri }, position: at, context: { includeDeclaration: true } });
      const moreUri = client.uri(join(dir, 'more.xml'));
      expect(refs.filter((r) => r.uri === moreUri)).to.have.length(1);
      const here = refs.filter((r) => r.uri === uri).map((r) => slice(text, r));
      expect(here.length).to.be.at.least(3);
      expect(new Set(here)).to.deep.equal(new Set(['metadata']));

      const prepared = await client.request<{ placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position: at });
      expect(prepared.placeholder).to.equal('metadata');
      const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: at, newName: 'crawlMetadata' });
      expect(Object.keys(edit.changes!).sort()).to.deep.equal([uri, moreUri].sort());
      const renamed = applyEdits(text, edit.changes![uri]);
      expect(renamed).to.contain('id="crawlMetadata"').and.contain('crawlMetadata.jobName=basic').and.not.match(/[">\n]metadata[."]/);
      await writeFile(join(dir, 'more.xml'), applyEdits(await readFile(join(dir, 'more.xml'), 'utf8'), edit.changes![moreUri]));
      await client.change(uri, renamed);
      expect(client.diagnostics(uri), 'the renamed job verifies clean').to.deep.equal([]);

      const refused = await client.request('textDocument/rename', { textDocument: { uri }, position: at, newName: 'a.b' }).then(() => 'answered', (e: Error) => e.message);
      expect(refused).to.contain('cannot be a bean id');
    });

    it('does not rename a bean declared in a file of the package (a classpath: import)', async () => {
      const file = await job(join(work.dir, 'job'), 'default');
      const text = (await readFile(file, 'utf8')).replace(/(<beans[^>]*>)/, '$1\n <import resource="classpath:sheets/polite.xml"/>\n <bean ' +
        'id="politer" parent="polite"/>');
      const uri = await client.open(file, text);
      const at = positionAt(text, text.indexOf('parent="polite"') + 10);
      const defs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: at });
      expect(defs.map((d) => d.uri)).to.deep.equal([client.uri(join(REPO_ROOT, 'sheets', 'polite.xml'))]);
      const refused = await client.request('textDocument/rename', { textDocument: { uri }, position: at, newName: 'gentle' }).then(() => 'answered', (e: Error) => e.message);
      expect(refused).to.contain('sheets/polite.xml, a file of the beancrawl package');
    });

    it('lists the beans as symbols, by id and class', async () => {
      const file = await job(join(work.dir, 'job'), 'default');
      const text = await readFile(file, 'utf8');
      const uri = await client.open(file, text);
      const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
      const fetch = symbols.find((s) => s.name === 'fetchHttp');
      expect(fetch?.detail).to.equal('FetchHttp');
      expect(slice(text, { range: fetch!.selectionRange })).to.equal('fetchHttp');
    });

    it('publishes the diagnostics of a sheet in the job\'s sheets folder at the sheet, and answers a bad request without dying', async () => {
      const dir = join(work.dir, 'job');
      const file = await job(dir, 'default');
      const uri = await client.open(file, await readFile(file, 'utf8'));
      const sheet = join(dir, 'sheets', 'slow.xml');
      const sheetText = '<beans>\n <bean id="slow" class="Sheet">\n  <property name="map"><map>\n   <entry key="disposition.delayFactr" ' +
        'value="4.0"/>\n  </map></property>\n </bean>\n</beans>\n';
      const sheetUri = await client.open(sheet, sheetText);
      const [d] = client.diagnostics(sheetUri) ?? [];
      expect(d?.code, JSON.stringify(client.diagnostics(sheetUri))).to.equal('BC_SHEET_PATH');
      expect(slice(sheetText, d)).to.contain('delayFactr');
      const keys = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri: sheetUri }, position: positionAt(sheetText, sheetText.indexOf('delayFactr')) });
      expect(keys.items.map((i) => i.label)).to.include('delayFactor');

      const error = await client.request('textDocument/hover', { textDocument: { uri: 'file:///nowhere/x.xml' }, position: { line: 0, character: 0 } }).then(() => 'answered', (e: Error) => e.message);
      expect(error).to.contain('not open');
      const still = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
      expect(still === null || typeof still === 'object').to.equal(true);
    });

    it('checks a bean file not saved yet from its text, and answers malformed requests and bytes with errors, going on', async () => {
      const file = join(work.dir, 'new', 'crawler-beans.xml');
      const text = '<beans>\n <bean id="fetch" class="FetchHtp"/>\n</beans>\n';
      const uri = await client.open(file, text);
      const [d] = client.diagnostics(uri) ?? [];
      expect(d?.code, JSON.stringify(client.diagnostics(uri))).to.equal('BC_CLASS_UNKNOWN');
      expect(slice(text, d)).to.equal('FetchHtp');
      const [fix] = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
      expect(fix.title).to.equal('Replace with "FetchHttp"');
      const accepted = '<beans>\n <bean id="paths" class="ConfigPathConfigurer"/>\n</beans>\n';
      await client.change(uri, accepted);
      const warnings = client.diagnostics(uri)!;
      expect(warnings.map((w) => [w.severity, slice(accepted, w)]), 'a bean accepted but not built is a warning ' +
        '(2)').to.deep.equal([[2, 'ConfigPathConfigurer']]);
      await client.change(uri, text);

      for (const [method, params] of [['textDocument/completion', {}], ['textDocument/rename', { textDocument: { uri: 5 }, position: 'x', newName: 1 }], ['beancrawl/settled', {}]] as const) {
        const answer = await client.request(method, params).then(() => 'answered', (e: Error) => e.message);
        expect(answer, method).not.to.equal('answered');
      }
      client.child.stdin!.write('Content-Length: 5\r\n\r\n{{{{{');
      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionAt(text, text.indexOf('FetchHtp') + 3) });
      expect(list.items.map((i) => i.label)).to.include('FetchHttp');
      expect(client.child.exitCode, client.stderr).to.equal(null);
    });
  });

  describe('a JSON job', () => {
    it('publishes nothing for the default JSON profile, marks a misspelt property with a quick fix, completes, hovers and renames', async () => {
      const file = await job(join(work.dir, 'job'), 'default.json');
      const saved = await readFile(file, 'utf8');
      const uri = await client.open(file, saved);
      expect(client.diagnostics(uri), client.stderr).to.deep.equal([]);

      const typed = saved.replace('"class": "FetchHttp"', '"class": "FetchHttp",\n      "properties": { "timeoutSecondz": 100 }');
      expect(typed).not.to.equal(saved);
      await client.change(uri, typed);
      const [d] = client.diagnostics(uri)!;
      expect(d.code).to.equal('BC_PROP_UNKNOWN');
      expect(slice(typed, d)).to.be.oneOf(['"timeoutSecondz"', 'timeoutSecondz']);
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
      const fixed = applyEdits(typed, actions.find((a) => a.isPreferred)!.edit!.changes![uri]);
      expect(fixed).to.contain('"timeoutSeconds": 100');
      await client.change(uri, fixed);
      expect(client.diagnostics(uri)).to.deep.equal([]);

      const list = await client.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: positionAt(fixed, fixed.indexOf('timeoutSeconds')) });
      expect(list.items.map((i) => i.label)).to.include.members(['soTimeoutMs', 'enabled']).and.not.include('processors');
      const hover = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: positionAt(fixed, fixed.indexOf('timeoutSeconds') + 2) });
      expect((hover.contents as { value: string }).value).to.contain('default `1200`').and.contain('Effective: `100`');

      const at = positionAt(fixed, fixed.indexOf('"metadata": {') + 3);
      const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: at, newName: 'crawlMetadata' });
      const renamed = applyEdits(fixed, edit.changes![uri]);
      expect(renamed).to.contain('"crawlMetadata": {').and.contain('"crawlMetadata.jobName"').and.not.contain('"metadata.');
      await client.change(uri, renamed);
      expect(client.diagnostics(uri), 'the renamed job verifies clean').to.deep.equal([]);
      const refAt = renamed.indexOf('"acceptSurts"', renamed.indexOf('"ref"'));
      const defs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: positionAt(renamed, refAt + 3) });
      expect(defs.map((l) => slice(renamed, l))).to.deep.equal(['acceptSurts']);
      expect(offsetAt(renamed, defs[0].range.start), 'the declaration, not the ref').to.be.below(refAt);
    });
  });
});
