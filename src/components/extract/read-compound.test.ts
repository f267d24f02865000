import { expect } from 'chai';
import { zipSync } from 'fflate';
import { gzipSync } from 'node:zlib';
import { tarBytes } from '../../../test/support/tar-bytes.js';
import { compoundKindOf, readCompound } from './read-compound.js';

const LIMITS = { maxExpandedBytes: 1 << 20, maxRatio: 200, maxEntries: 100, maxDepth: 3 };
const zip = (files: Record<string, string | Uint8Array>, level: 0 | 6 | 9 = 6) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? Buffer.from(v) : v])), { level }));
const paths = async (bytes: Buffer, limits = LIMITS, name = 'c') => {
  const r = await readCompound(bytes, name, limits);
  return { paths: r.elements.map((e) => `${e.path}${e.isCompound ? ' (compound)' : ''}${e.parent ? ` in ` +
    `${e.parent}` : ''}`), complete: r.complete, problems: r.problems };
};

describe('reading compounds (zip, tar, tar.gz, gzip)', () => {
  it('knows a compound by its first bytes', async () => {
    expect(compoundKindOf(zip({ a: 'x' }))).to.equal('zip');
    expect(compoundKindOf(gzipSync('x'))).to.equal('gzip');
    expect(compoundKindOf(tarBytes({ a: 'x' }))).to.equal('tar');
    expect(compoundKindOf(Buffer.from('PK but not a zip'))).to.equal(undefined);
  });

  it('lists a zip\'s files with their content, type and digest, folders left out', async () => {
    const r = await readCompound(zip({ 'docs/': new Uint8Array(0), 'docs/a.txt': 'alpha', 'b.html': '<p>b</p>' }), 'c.zip', LIMITS);
    expect(r.complete).to.equal(true);
    expect(r.elements.map((e) => [e.path, e.content.toString(), e.mimeType])).to.deep.equal([['docs/a.txt', 'alpha', 'text/plain'], ['b.html', '<p>b</p>', 'text/html']]);
    expect(r.elements[0].digest).to.match(/^sha1:[A-Z2-7]{32}$/);
  });

  it('reads tar, tar.gz and a lone gzip member (named by its header, else by the container)', async () => {
    expect((await paths(tarBytes({ 'a.txt': 'a', 'dir/b.txt': 'b' }))).paths).to.deep.equal(['a.txt', 'dir/b.txt']);
    expect((await paths(gzipSync(tarBytes({ 'x.txt': 'x' })), LIMITS, 'c.tar.gz')).paths).to.deep.equal(['x.txt']);
    expect((await paths(gzipSync('plain'), LIMITS, 'notes.txt.gz')).paths).to.deep.equal(['notes.txt']);
  });

  it('opens nested compounds, each element after the compound holding it, to maxDepth', async () => {
    const inner = zip({ 'deep.txt': 'deep' });
    const outer = zip({ 'top.txt': 'top', 'inner.zip': inner, 'arch.tar': tarBytes({ 't.txt': 't' }) });
    expect(await paths(outer)).to.deep.equal({
      paths: ['top.txt', 'inner.zip (compound)', 'inner.zip!/deep.txt in inner.zip', 'arch.tar (compound)', 'arch.tar!/t.txt in arch.tar'],
      complete: true, problems: [],
    });
    const shallow = await paths(outer, { ...LIMITS, maxDepth: 1 });
    expect(shallow.paths).to.deep.equal(['top.txt', 'inner.zip (compound)', 'arch.tar (compound)']);
    expect(shallow.complete).to.equal(false);
    expect(shallow.problems[0]).to.match(/deeper than maxDepth 1/);
  });

  it('keeps a zip bomb to its limits: ratio, total size and entries, the listing marked incomplete and why', async () => {
    const bomb = zip({ 'small.txt': 'fine', 'zeros.bin': new Uint8Array(5 * 1024 * 1024) }, 9);
    const r = await paths(bomb, { ...LIMITS, maxExpandedBytes: 64 << 20 });
    expect(r.paths).to.deep.equal(['small.txt']);
    expect(r.complete).to.equal(false);
    expect(r.problems[0]).to.match(/^entry "zeros\.bin" expands \d+ times \(maxRatio 200\)$/);
    const big = await paths(zip({ 'a.txt': 'a'.repeat(600), 'b.txt': 'b'.repeat(600) }, 0), { ...LIMITS, maxExpandedBytes: 1000 });
    expect(big).to.deep.include({ paths: ['a.txt'], complete: false });
    const many = await paths(zip(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}.txt`, String(i)]))), { ...LIMITS, maxEntries: 5 });
    expect(many.paths).to.have.length(5);
    expect(many.problems).to.deep.equal(['more than 5 entries (maxEntries)']);
    const gzBomb = await paths(gzipSync(Buffer.alloc(4 << 20)), { ...LIMITS, maxExpandedBytes: 64 << 20 }, 'z.gz');
    expect(gzBomb.paths).to.deep.equal([]);
    expect(gzBomb.problems[0]).to.match(/expands \d+ times/);
  });

  it('refuses entry names that climb out of the container or are absolute', async () => {
    const r = await paths(tarBytes({ '../evil.txt': 'x', '/etc/passwd': 'y', 'ok/./fine.txt': 'z', 'a/../../b': 'w' }));
    expect(r.paths).to.deep.equal(['ok/fine.txt']);
    expect(r.complete).to.equal(false);
    expect(r.problems).to.include('entry "../evil.txt" names a path outside the container');
  });

  it('gives a mail message\'s attachments as its elements, an attached zip opened in turn, names kept apart', async () => {
    const attached = zip({ 'inside.txt': 'in the zip' }).toString('base64');
    const message = [
      'From: a@example.org', 'To: b@example.org', 'Subject: files', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="XX"', '',
      '--XX', 'Content-Type: text/plain; charset=utf-8', '', 'The body, not an element.',
      '--XX', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', 'Content-Disposition: attachment; ' +
        'filename="notes.txt"', '', 'caf=C3=A9 =3D ok',
      '--XX', 'Content-Type: application/zip', 'Content-Transfer-Encoding: base64', 'Content-Disposition: attachment; filename="pack.zip"', '', attached,
      '--XX', 'Content-Type: text/plain', 'Content-Disposition: attachment; filename="notes.txt"', '', 'second of the name',
      '--XX--', '',
    ].join('\r\n');
    const r = await readCompound(Buffer.from(message), 'message', LIMITS, 'message/rfc822');
    expect(r.elements.map((e) => [e.path, e.mimeType, e.isCompound])).to.deep.equal([
      ['notes.txt', 'text/plain', false], ['pack.zip', 'application/zip', true], ['pack.zip!/inside.txt', 'text/plain', false], ['notes.txt~2', 'text/plain', false],
    ]);
    expect(r.elements[0].content.toString().trimEnd()).to.equal('café = ok');
    expect(r.complete).to.equal(true);
  });

  it('says a cut archive is incomplete, never throws', async () => {
    const whole = zip({ 'a.txt': 'alpha'.repeat(100) });
    const r = await paths(whole.subarray(0, whole.length - 30));
    expect(r.complete).to.equal(false);
    expect((await paths(tarBytes({ 'a.txt': 'x'.repeat(2000) }).subarray(0, 1200))).complete).to.equal(false);
  });
});
