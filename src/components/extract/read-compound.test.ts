import { expect } from 'chai';
import { Zip, ZipDeflate, zipSync } from 'fflate';
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

  it('reads no message larger than maxExpandedBytes (postal-mime holds all its parts decoded), nor one of inline text alone', async () => {
    const withZip = (pad: number) => Buffer.from(['Subject: s', 'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="XX"', '', '--XX',
      'Content-Type: text/plain', '', 'x'.repeat(pad), '--XX', 'Content-Type: application/zip', 'Content-Transfer-Encoding: base64',
      'Content-Disposition: attachment; filename="p.zip"', '', zip({ 'in.txt': 'in' }).toString('base64'), '--XX--', ''].join('\r\n'));
    const small = await readCompound(withZip(10), 'm', LIMITS, 'message/rfc822');
    expect(small.elements.map((e) => e.path)).to.deep.equal(['p.zip', 'p.zip!/in.txt']);
    const big = withZip(2000);
    const r = await readCompound(big, 'm', { ...LIMITS, maxExpandedBytes: 1500 }, 'message/rfc822');
    expect([r.elements.length, r.complete, r.problems]).to.deep.equal([0, false, [`a message of ${big.length} bytes, more than ` +
      'maxExpandedBytes (1500): its attachments are not read']]);
    const text = await readCompound(Buffer.from(`Subject: s\r\nContent-Type: text/plain\r\n\r\n${'t'.repeat(5000)}`), 'm', LIMITS, 'message/rfc822');
    expect([text.elements.length, text.complete]).to.deep.equal([0, true]);
  });

  it('says a cut archive is incomplete, never throws', async () => {
    const whole = zip({ 'a.txt': 'alpha'.repeat(100) });
    const r = await paths(whole.subarray(0, whole.length - 30));
    expect(r.complete).to.equal(false);
    expect((await paths(tarBytes({ 'a.txt': 'x'.repeat(2000) }).subarray(0, 1200))).complete).to.equal(false);
  });

  describe('zip entries checked against their CRC-32 and sizes', () => {
    /** Where the local header and the central directory entry of `name` start (found by their signatures, not by the reader under test). */
    const headers = (bytes: Buffer, name: string) => {
      const at = (signature: number, nameAt: number) => {
        for (let i = 0; i + nameAt < bytes.length; i++) {
          if (bytes.readUInt32LE(i) !== signature) continue;
          const length = bytes.readUInt16LE(i + (signature === 0x04034b50 ? 26 : 28));
          if (bytes.subarray(i + nameAt, i + nameAt + length).toString() === name) return i;
        }
        throw new Error(`no header of ${name}`);
      };
      return { local: at(0x04034b50, 30), central: at(0x02014b50, 46) };
    };
    /** Writes a 32-bit field of `name`'s local header and central entry (CRC-32 at 14/16, compressed size 18/20, size 22/24). */
    const setField = (bytes: Buffer, name: string, field: 'crc' | 'compressed' | 'size', value: number, where: 'both' | 'central' = 'both') => {
      const { local, central } = headers(bytes, name);
      const offsets = { crc: [14, 16], compressed: [18, 20], size: [22, 24] }[field];
      if (where === 'both') bytes.writeUInt32LE(value, local + offsets[0]);
      bytes.writeUInt32LE(value >>> 0, central + offsets[1]);
    };
    const texts = (r: { elements: readonly { path: string; content: Buffer }[] }) => r.elements.map((e) => [e.path, e.content.toString()]);

    it('leaves out a stored entry whose bytes were changed, keeps the others, and says which and why', async () => {
      const bytes = zip({ 'a.txt': 'alpha alpha', 'b.txt': 'beta' }, 0);
      const at = bytes.indexOf('alpha alpha');
      bytes[at] = 'A'.charCodeAt(0);
      const r = await readCompound(bytes, 'c.zip', LIMITS);
      expect(texts(r)).to.deep.equal([['b.txt', 'beta']]);
      expect(r.complete).to.equal(false);
      expect(r.problems).to.deep.equal([]);
      expect(r.corruptCount).to.equal(1);
      expect(r.corrupt[0]).to.match(/^"a\.txt": CRC-32 mismatch \(content [0-9a-f]{8}, stated [0-9a-f]{8}\)$/);
    });

    it('leaves out a deflated entry whose CRC-32 field was altered (in both headers alike, or in one only)', async () => {
      const original = zip({ 'a.txt': 'alpha '.repeat(50), 'b.txt': 'beta '.repeat(50) }, 6);
      const both = Buffer.from(original);
      setField(both, 'a.txt', 'crc', both.readUInt32LE(headers(both, 'a.txt').central + 16) ^ 1);
      const r = await readCompound(both, 'c.zip', LIMITS);
      expect(texts(r).map((e) => e[0])).to.deep.equal(['b.txt']);
      expect(r.corrupt).to.have.length(1);
      expect(r.corrupt[0]).to.match(/^"a\.txt": CRC-32 mismatch/);
      const one = Buffer.from(original);
      setField(one, 'b.txt', 'crc', 0x12345678, 'central');
      const r2 = await readCompound(one, 'c.zip', LIMITS);
      expect(texts(r2)).to.deep.equal([['a.txt', 'alpha '.repeat(50)]]);
      expect(r2.corrupt[0]).to.match(/^"b\.txt": the local header and the central directory disagree \(CRC-32 [0-9a-f]{8} against 12345678\)$/);
    });

    it('leaves out an entry whose sizes are not its content\'s: deflated or stored, in one header or both', async () => {
      const deflated = zip({ 'a.txt': 'alpha '.repeat(50), 'b.txt': 'beta' }, 6);
      setField(deflated, 'a.txt', 'size', 200);
      const r = await readCompound(deflated, 'c.zip', LIMITS);
      expect(texts(r).map((e) => e[0])).to.deep.equal(['b.txt']);
      expect(r.corrupt[0]).to.equal('"a.txt": it expands past its stated size 200');
      const longer = zip({ 'a.txt': 'alpha '.repeat(50) }, 6);
      setField(longer, 'a.txt', 'size', 400);
      expect((await readCompound(longer, 'c.zip', LIMITS)).corrupt[0]).to.equal('"a.txt": it expands to 300 bytes, not its stated 400');
      const stored = zip({ 'a.txt': 'alpha', 'b.txt': 'beta' }, 0);
      setField(stored, 'a.txt', 'size', 4);
      expect((await readCompound(stored, 'c.zip', LIMITS)).corrupt[0]).to.equal('"a.txt": it is stored, yet its sizes differ (5 compressed, 4 expanded)');
      const central = zip({ 'a.txt': 'alpha', 'b.txt': 'beta' }, 0);
      setField(central, 'b.txt', 'compressed', 3, 'central');
      const r2 = await readCompound(central, 'c.zip', LIMITS);
      expect(texts(r2)).to.deep.equal([['a.txt', 'alpha']]);
      expect(r2.corrupt[0]).to.equal('"b.txt": the local header and the central directory disagree (compressed size 4 against 3)');
    });

    it('reads an entry written with a data descriptor, and leaves it out when the descriptor disagrees', async () => {
      const streamed = (): Buffer => {
        const chunks: Uint8Array[] = [];
        const z = new Zip((err, chunk) => {
          if (err) throw err;
          chunks.push(chunk);
        });
        for (const [name, text] of [['a.txt', 'alpha '.repeat(40)], ['b.txt', 'beta']]) {
          const file = new ZipDeflate(name, { level: 6 });
          z.add(file);
          file.push(Buffer.from(text), true);
        }
        z.end();
        return Buffer.concat(chunks);
      };
      const bytes = streamed();
      expect(bytes.readUInt16LE(headers(bytes, 'a.txt').local + 6) & 8).to.equal(8);
      const good = await readCompound(bytes, 'c.zip', LIMITS);
      expect(texts(good)).to.deep.equal([['a.txt', 'alpha '.repeat(40)], ['b.txt', 'beta']]);
      expect(good.complete).to.equal(true);
      const descriptor = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]));
      bytes.writeUInt32LE(bytes.readUInt32LE(descriptor + 4) ^ 0xff, descriptor + 4);
      const bad = await readCompound(bytes, 'c.zip', LIMITS);
      expect(texts(bad).map((e) => e[0])).to.deep.equal(['b.txt']);
      expect(bad.corrupt[0]).to.match(/^"a\.txt": the data descriptor and the central directory disagree \(CRC-32 /);
    });

    it('names a corrupt element of a nested zip by its full path, its container and siblings kept', async () => {
      const inner = zip({ 'x.txt': 'x marks', 'y.txt': 'why' }, 0);
      inner[inner.indexOf('x marks')] = 'X'.charCodeAt(0);
      const r = await readCompound(zip({ 'inner.zip': inner, 'top.txt': 'top' }, 0), 'c.zip', LIMITS);
      expect(r.elements.map((e) => e.path)).to.deep.equal(['inner.zip', 'inner.zip!/y.txt', 'top.txt']);
      expect(r.corrupt[0]).to.match(/^"inner\.zip!\/x\.txt": CRC-32 mismatch/);
    });
  });
});
