import { expect } from 'chai';
import type { Diagnostic } from 'vscode-languageserver/node';
import { quickFixes } from './quick-fixes.js';

const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 9 } };
const diagnostic = (code: string, suggestions: unknown): Diagnostic => ({ range, code, source: 'beancrawl', message: 'x', data: { suggestions } });

describe('quickFixes: verify\'s "did you mean" as code actions', () => {
  it('replaces the misspelt name by each suggestion, the first preferred', () => {
    const fixes = quickFixes('file:///j/crawler-beans.xml', [diagnostic('BC_PROP_UNKNOWN', ['timeoutSeconds', 'soTimeoutMs'])], () => 'timeoutSecondz');
    expect(fixes.map((f) => [f.title, f.isPreferred, f.edit!.changes!['file:///j/crawler-beans.xml'][0].newText])).to.deep.equal([
      ['Replace with "timeoutSeconds"', true, 'timeoutSeconds'],
      ['Replace with "soTimeoutMs"', false, 'soTimeoutMs'],
    ]);
  });

  it('keeps a JSON name\'s quotes, and an override path\'s bean', () => {
    const [json] = quickFixes('u', [diagnostic('BC_PROP_UNKNOWN', ['timeoutSeconds'])], () => '"timeoutSecondz"');
    expect(json.edit!.changes!.u[0].newText).to.equal('"timeoutSeconds"');
    const [path] = quickFixes('u', [diagnostic('BC_OVERRIDE_PATH', ['jobName'])], () => 'metadata.jobNam');
    expect(path.edit!.changes!.u[0].newText).to.equal('metadata.jobName');
    const [cls] = quickFixes('u', [diagnostic('BC_CLASS_UNKNOWN', ['FetchHttp'])], () => 'org.archive.modules.fetcher.FetchHTTPx');
    expect(cls.edit!.changes!.u[0].newText).to.equal('FetchHttp');
  });

  it('offers nothing for another server\'s diagnostics or data it did not write', () => {
    expect(quickFixes('u', [{ ...diagnostic('X', ['a']), source: 'other' }, diagnostic('BC_PROP_UNKNOWN', 'a'), { range, message: 'm' }], () => 'b')).to.deep.equal([]);
  });
});
