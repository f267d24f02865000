import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';
import { FILE_DIGEST_ALGORITHMS } from './file-digest.js';

export const fetchFileComponent = defineComponent({
  name: 'FetchFile',
  description:
    'Fetches `file:` URIs from the local file system (in the manner of Aperture\'s FileSystemCrawler). A folder\'s entries become its ' +
    'links (hop L; sub-folders end in `/`) and its content is the list of their names (type `inode/directory`). A file\'s bytes are its ' +
    'content, its type guessed from its extension, its size and modification time in extraInfo (`fileSize`, `lastModified`). ' +
    'Status 200 for a file or folder that reads, 404 when it does not exist, 403 when it cannot be read or is no regular file ' +
    '(device, FIFO, socket), -5002 for a symbolic link not followed (annotation `symlinkNotFollowed:outside` or `:loop`), ' +
    '-7 for a `file:` URI naming another machine.',
  kinds: ['Processor'],
  props: {
    ...PROCESSOR_PROPS,
    maxLengthBytes: {
      type: 'integer', minimum: 0, default: 104857600, overlayable: true,
      description: 'Most bytes of a file to read (100 MiB by default); the rest is left unread and the URI annotated `lenTrunc`. 0 = no limit: each file must then fit in memory.',
    },
    followSymlinks: {
      type: 'boolean', default: false,
      description: 'Off, a symbolic link is followed only when what it resolves to lies within a seed (a seed folder, or a seed file itself); on, wherever it leads. ' +
        'Either way a link to a folder that is, or contains, a folder on its own path is never followed (a loop). Seeds are fetched whatever they are.',
    },
    crawlHiddenFiles: {
      type: 'boolean', default: false, overlayable: true,
      description: 'List entries whose names start with a dot (SAP xcrawler\'s "crawl hidden documents"); off, folder listings leave them out. A seed is fetched whatever its name.',
    },
    digestContent: { type: 'boolean', default: true, overlayable: true, description: 'Compute the digest of the content (a file\'s bytes as read, a folder\'s listing).' },
    digestAlgorithm: { type: 'string', enum: FILE_DIGEST_ALGORITHMS, default: 'sha1', description: 'The digest algorithm.' },
  },
  refs: {
    ...PROCESSOR_REFS,
    seeds: { kind: 'SeedModule', autowire: true, description: 'The seeds, which bound where symbolic links may lead while followSymlinks is off.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./fetch-file.js')).FetchFile,
});
