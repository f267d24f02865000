/** A test message's RFC 822 source: plain text, or multipart/mixed with a small attachment. */
export function mailMessage(n: number, { attachment = false, folder = 'INBOX' } = {}): string {
  const head = [
    `From: Sender ${n} <sender${n}@example.org>`,
    'To: Bob <bob@example.org>',
    `Subject: Message ${n} in ${folder}`,
    `Date: ${new Date(Date.UTC(2024, 0, 1 + (n % 28), 12, n % 60)).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <m${n}.${folder}@example.org>`,
    'MIME-Version: 1.0',
  ];
  if (!attachment) return [...head, 'Content-Type: text/plain; charset=utf-8', '', `Body of message ${n}.`, ''].join('\r\n');
  const data = Buffer.from(`attachment of message ${n}\n`.repeat(20)).toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    ...head, 'Content-Type: multipart/mixed; boundary="b-' + n + '"', '',
    `--b-${n}`, 'Content-Type: text/plain; charset=utf-8', '', `Body of message ${n}, with an attachment.`,
    `--b-${n}`, `Content-Type: application/octet-stream; name="file-${n}.bin"`, 'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="file-${n}.bin"`, '', data,
    `--b-${n}--`, '',
  ].join('\r\n');
}
