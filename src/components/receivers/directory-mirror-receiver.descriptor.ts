import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

export const directoryMirrorReceiverComponent = defineComponent({
  name: 'DirectoryMirrorReceiver',
  description:
    'A result receiver that mirrors fetched documents under a folder by URL path, like Oracle Ultra Search\'s document cache ' +
    'and Heritrix\'s MirrorWriterProcessor (http and https URLs): `host/path/name`, `index.html` for a path ending in `/`, the query kept in the ' +
    'name. Documents are stored decoded (no gzip), so the folder serves as an offline copy; links inside them are not ' +
    'rewritten. A document fetched again overwrites its file. A file standing where a folder is needed (`/a` then `/a/b`) ' +
    'moves into it as its directoryFile. In a delta run, new and changed documents are written, unchanged ones left as they ' +
    'are (written only if their file is missing and their content was fetched, not for a 304), and a deleted document\'s ' +
    'file is removed, with the folders that leaves empty (never the mirror\'s folder itself nor anything outside it).',
  kinds: ['Receiver'],
  props: {
    path: { type: 'string', default: 'mirror', path: true, description: 'The mirror\'s folder (relative to the job folder, so it outlives a run).' },
    directoryFile: { type: 'string', minLength: 1, pattern: '^[^/\\\\]+$', default: 'index.html', description: 'The file name for a URL path ending in `/`.' },
    createHostDirectory: { type: 'boolean', default: true, description: 'Put each host\'s documents in a folder named after it.' },
    createPortDirectory: { type: 'boolean', default: false, description: 'Under the host folder, a folder named after the port.' },
    maxSegLength: { type: 'integer', minimum: 16, default: 255, description: 'Longest file or folder name; a longer one is cut and ends in `~` and a hash.' },
    maxTotalBytes: {
      type: 'integer', minimum: 0, default: 0,
      description: 'Once the mirror holds this many bytes from this run, further documents are not stored (Ultra Search\'s cache size). 0 = no limit.',
    },
  },
  load: async (): Promise<ComponentClass> => (await import('./directory-mirror-receiver.js')).DirectoryMirrorReceiver,
});
