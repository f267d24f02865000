import { expect } from 'chai';
import { decodeHtml } from './decode-html.js';
import { decodeWindows1252 } from './decode-windows-1252.js';
import { charsetParameter, prescanMetaCharset } from './prescan-meta-charset.js';

describe('decodeHtml()', () => {
  it('decodes windows-1252 (and so latin1 and iso-8859-1) by the WHATWG table, € and smart quotes included', () => {
    const bytes = Buffer.from([0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0x92, 0x20, 0x81, 0xe9, 0xff]);
    expect(decodeWindows1252(bytes)).to.equal('\u20AC \u201Cq\u201D \u2019 \u0081\u00E9\u00FF');
    for (const label of ['iso-8859-1', 'latin1', 'windows-1252', 'us-ascii']) {
      expect(decodeHtml(bytes, label, 'utf-8')).to.deep.equal({ text: decodeWindows1252(bytes), encoding: 'windows-1252' });
    }
  });

  it('reads UTF-16 by its byte-order mark', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>é</p>', 'utf16le')]);
    expect(decodeHtml(le, 'iso-8859-1', 'utf-8')).to.deep.equal({ text: '<p>é</p>', encoding: 'utf-16le' });
  });

  it('reads other single-byte encodings through ICU', () => {
    expect(decodeHtml(Buffer.from([0xa1]), 'iso-8859-2', 'utf-8').text).to.equal('Ą');
  });
});

describe('prescanMetaCharset()', () => {
  const cases: Array<[string, string | undefined]> = [
    ['<meta charset="windows-1252">', 'windows-1252'],
    ["<meta charset='ISO-8859-2'>", 'iso-8859-2'],
    ['<META CHARSET=koi8-r>', 'koi8-r'],
    ['<meta http-equiv="Content-Type" content="text/html; charset=shift_jis">', 'shift_jis'],
    ['<meta content="text/html;charset=\'euc-kr\'" http-equiv=content-type>', 'euc-kr'],
    ['<meta name="viewport" content="width=device-width"><meta charset="gbk">', 'gbk'],
    ['<meta charset="bogus"><meta charset="utf-8">', 'utf-8'],
    ['<meta charset="utf-16le">', 'utf-8'],
    ['<meta content="text/html; charset=big5">', undefined],
    ['<p>no meta</p>', undefined],
  ];
  for (const [head, encoding] of cases) {
    it(head, () => expect(prescanMetaCharset(Buffer.from(head, 'latin1'))?.encoding).to.equal(encoding));
  }

  it('looks no further than the first 1,024 bytes', () => {
    expect(prescanMetaCharset(Buffer.from(`${' '.repeat(1020)}<meta charset="gbk">`))).to.equal(undefined);
  });

  it('reads the charset parameter of a content type (charsetParameter)', () => {
    expect(charsetParameter('text/html; Charset = "UTF-8"')).to.equal('UTF-8');
    expect(charsetParameter('text/html; charset=iso-8859-1; foo=bar')).to.equal('iso-8859-1');
    expect(charsetParameter('text/html; charsetx; charset=utf-8')).to.equal('utf-8');
    expect(charsetParameter('text/html')).to.equal(undefined);
  });
});
