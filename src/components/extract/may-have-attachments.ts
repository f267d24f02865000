/** How far into a message its header is looked for. */
const HEADER_BYTES = 256 * 1024;

/**
 * Whether a mail message may have attachments, by its header alone: not when it is a single part
 * of inline text (Content-Type text/plain, text/html or none, and no `Content-Disposition:
 * attachment`), which postal-mime gives as the message's text. Parsing such a message for
 * attachments would hold its text decoded several times over for nothing (a 96 MB text message
 * took 500 MB). Anything unclear (no end of header within 256 KiB, a header given twice) may.
 */
export function mayHaveAttachments(message: Uint8Array): boolean {
  const head = Buffer.from(message.buffer, message.byteOffset, Math.min(message.length, HEADER_BYTES)).toString('latin1');
  const end = /\r?\n\r?\n/.exec(head);
  if (!end) return message.length > HEADER_BYTES || headerMayHaveAttachments(head);
  return headerMayHaveAttachments(head.slice(0, end.index));
}

/** false when the header says one part of inline text; true otherwise. */
function headerMayHaveAttachments(header: string): boolean {
  const fields = header.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const values = (name: string) =>
    fields.filter((f) => f.toLowerCase().startsWith(`${name}:`)).map((f) => f.slice(name.length + 1).split(';')[0].trim().toLowerCase());
  const types = values('content-type');
  const dispositions = values('content-disposition');
  if (types.length > 1 || dispositions.length > 1) return true;
  const type = types[0] || 'text/plain';
  return !((type === 'text/plain' || type === 'text/html') && dispositions[0] !== 'attachment');
}
