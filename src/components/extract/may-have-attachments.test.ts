import { expect } from 'chai';
import PostalMime from 'postal-mime';
import { mayHaveAttachments } from './may-have-attachments.js';

const message = (...header: string[]) => Buffer.from([...header, '', 'The body.', ''].join('\r\n'));

describe(mayHaveAttachments.name, () => {
  it('says a single part of inline text has none, as postal-mime finds none; anything else may', async () => {
    const cases: Array<[Buffer, boolean]> = [
      [message('From: a@example.org', 'Subject: plain'), false],
      [message('Subject: x', 'Content-Type: text/plain; charset=utf-8'), false],
      [message('Subject: x', 'content-type: TEXT/HTML;', ' charset="utf-8"'), false],
      [message('Subject: x', 'Content-Type: text/plain', 'Content-Disposition: inline'), false],
      [message('Subject: x', 'Content-Type: text/plain', 'Content-Disposition:', ' attachment; filename="a.txt"'), true],
      [message('Subject: x', 'Content-Type: application/pdf'), true],
      [message('Subject: x', 'Content-Type: text/calendar'), true],
      [message('Subject: x', 'Content-Type: multipart/mixed; boundary="B"', '', '--B', 'Content-Type: application/zip', '', 'PK', '--B--'), true],
    ];
    for (const [bytes, may] of cases) {
      const found = (await PostalMime.parse(bytes, { attachmentEncoding: 'arraybuffer' })).attachments.length > 0;
      expect([mayHaveAttachments(bytes), found], bytes.toString()).to.deep.equal([may, may]);
    }
  });

  it('says one may when the header is unclear: given twice, or with no end in its first 256 KiB', () => {
    expect(mayHaveAttachments(message('Content-Type: text/plain', 'Content-Type: application/zip'))).to.equal(true);
    expect(mayHaveAttachments(Buffer.from(`Subject: ${'x'.repeat(300 * 1024)}`))).to.equal(true);
    expect(mayHaveAttachments(Buffer.from('Subject: no body at all'))).to.equal(false);
  });
});
