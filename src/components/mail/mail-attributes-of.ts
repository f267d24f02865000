import type { MailAttributes } from '../../model/mail-attributes.js';

/** An address as an envelope gives it. */
interface Address {
  readonly name?: string;
  readonly address?: string;
}

/** What the fetcher reads of a message's envelope. */
export interface Envelope {
  readonly date?: Date | string;
  readonly subject?: string;
  readonly messageId?: string;
  readonly from?: readonly Address[];
  readonly to?: readonly Address[];
}

/** The flags that say something of a message (not `\Recent`, which changes with every session). */
export function lastingFlags(flags: Iterable<string> | undefined): string[] {
  return [...(flags ?? [])].filter((f) => f.toLowerCase() !== '\\recent').sort();
}

/** A message's attributes from its envelope, folder and flags. */
export function mailAttributesOf(envelope: Envelope | undefined, folder: string, flags: Iterable<string> | undefined): MailAttributes {
  const date = envelope?.date === undefined ? undefined : new Date(envelope.date);
  return {
    subject: envelope?.subject,
    from: (envelope?.from ?? []).map(addressText).filter((a) => a !== ''),
    to: (envelope?.to ?? []).map(addressText).filter((a) => a !== ''),
    date: date !== undefined && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined,
    messageId: envelope?.messageId,
    folder,
    flags: lastingFlags(flags),
  };
}

function addressText(a: Address): string {
  const address = a.address ?? '';
  return a.name ? (address ? `${a.name} <${address}>` : a.name) : address;
}
