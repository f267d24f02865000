import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';

export const crawlerLoggerModuleComponent = defineComponent({
  name: 'CrawlerLoggerModule',
  aliases: ['org.archive.crawler.reporting.CrawlerLoggerModule'],
  description:
    'The crawl\'s logs: crawl.log (one line per finished URI, Heritrix\'s fields and formats), uri-errors.log (URIs that ' +
    'could not be scheduled), runtime-errors.log (unexpected errors while processing a URI) and alerts.log (what the ' +
    'operator should know: seeds out of scope, runtime errors).',
  kinds: ['CrawlLogger'],
  props: {
    path: { type: 'string', default: '${launchId}/logs', path: true, description: 'The folder the logs are written to.' },
    logExtraInfo: { type: 'boolean', default: false, description: 'Append a JSON object of extra information to each crawl.log line.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', autowire: true, description: 'Keeps how far crawl.log was written at each commit, so a resumed crawl continues it without duplicate lines.' },
  },
  load: async (): Promise<ComponentClass> => (await import('./crawler-logger-module.js')).CrawlerLoggerModule,
});
