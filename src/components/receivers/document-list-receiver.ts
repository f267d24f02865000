import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DocumentEvent } from '../../model/fetch-history.js';
import type { Receiver } from '../../model/receiver.js';
import { makeFolders } from '../../util/make-folders.js';

export const documentListReceiverComponent = defineComponent({
  name: 'DocumentListReceiver',
  description:
    'A list receiver (SAP\'s kind): hears nothing during the crawl and gets the run\'s whole list of document events once ' +
    'the run has ended, kept in the state store meanwhile so that it survives a crash. It writes the list as JSON Lines, ' +
    'one event a line (`kind`, `url`, `status`, and `mimeType`, `size`, `digest`, `lastModified`, `etag`, `fetchTime` where ' +
    'known), to a file that appears whole or not at all (written beside it, then renamed). A run cut short by a limit or ' +
    'by terminate still delivers its list; an interrupted one delivers it when the resumed run ends.',
  kinds: ['Receiver'],
  props: {
    path: { type: 'string', default: '${launchId}/document-list.jsonl', path: true, description: 'The file the run\'s list is written to, ' +
      'replacing any earlier one.' },
  },
  load: async (): Promise<ComponentClass> => DocumentListReceiver,
});

export type DocumentListReceiverConfig = ConfigOf<typeof documentListReceiverComponent>;

/**
 * SAP's list receiver: the run's events, all at once when the run ends, written as JSON Lines to
 * `path.part`, synced, then renamed to `path`, so that a reader never sees half a list.
 */
export class DocumentListReceiver implements Receiver {
  /** Events in the last list written. */
  written = 0;

  constructor(readonly config: DocumentListReceiverConfig) {}

  /** A list receiver is told of documents only through documentList. */
  documentFound(): void {}

  async documentList(events: AsyncIterable<DocumentEvent>): Promise<void> {
    const { path } = this.config;
    await makeFolders(dirname(path));
    const part = `${path}.part`;
    const file = await open(part, 'w');
    let count = 0;
    try {
      let chunk = '';
      for await (const event of events) {
        count++;
        chunk += `${JSON.stringify(lineOf(event))}\n`;
        if (chunk.length >= 1 << 16) {
          await file.write(chunk);
          chunk = '';
        }
      }
      if (chunk) await file.write(chunk);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(part, path);
    this.written = count;
  }
}

/** An event's line: kind and URL first, then what is known, with dates as ISO strings. */
function lineOf(e: DocumentEvent): Record<string, unknown> {
  return {
    kind: e.kind, url: e.url, status: e.status, mimeType: e.mimeType || undefined, size: e.size, digest: e.digest,
    lastModified: e.lastModified, etag: e.etag, fetchTime: Number.isFinite(e.fetchTime) ? new Date(e.fetchTime).toISOString() : undefined,
  };
}
