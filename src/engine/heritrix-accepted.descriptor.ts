import { defineComponent } from '../beans/registry/component-descriptor.js';

/** Heritrix's action directory: accepted with its properties, not used yet. */
export const actionDirectoryComponent = defineComponent({
  name: 'ActionDirectory',
  aliases: ['org.archive.crawler.framework.ActionDirectory'],
  description: 'Heritrix\'s drop-box for .seeds, .schedule and .recover files during a crawl. Accepted so that Heritrix files load; beancrawl does ' +
    'not watch the folder yet.',
  kinds: ['ActionDirectory'],
  props: {
    actionDir: { type: 'string', default: 'action', description: 'The folder watched for action files.' },
    doneDir: { type: 'string', default: '${launchId}/actions-done', description: 'Where processed action files go.' },
    initialDelaySeconds: { type: 'integer', default: 10, minimum: 0, description: 'Delay before the first look.' },
    delaySeconds: { type: 'integer', default: 30, minimum: 1, description: 'Delay between looks.' },
  },
  ignored: 'the action directory is not watched yet (crawl control comes with crash-safe, resumable crawls)',
});
