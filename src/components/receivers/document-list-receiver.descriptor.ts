import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

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
    path: { type: 'string', default: '${launchId}/document-list.jsonl', path: true, description: 'The file the run\'s list is written to, replacing any earlier one.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./document-list-receiver.js')).DocumentListReceiver,
});
