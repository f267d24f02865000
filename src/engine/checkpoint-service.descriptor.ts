import { defineComponent, type ComponentClass } from '../beans/registry/component-descriptor.js';

export const checkpointServiceComponent = defineComponent({
  name: 'CheckpointService',
  aliases: ['org.archive.crawler.framework.CheckpointService'],
  description:
    'Checkpoints: a consistent copy of the crawl\'s state, taken from a snapshot of the state store while the crawl goes on, ' +
    'with a copy of the bean file, in `checkpointsDir/cpNNNNN-<time>/`, stamped valid (checkpoint.json) once complete. ' +
    'Taken on demand (`beancrawl checkpoint JOB`), every `checkpointIntervalMinutes` and at shutdown if asked. ' +
    '`beancrawl launch JOB --checkpoint NAME|latest` starts a run from one, as often as wanted.',
  kinds: ['CheckpointService'],
  props: {
    checkpointIntervalMinutes: { type: 'integer', default: -1, minimum: -1, description: 'Minutes between checkpoints; -1 or 0 none.' },
    checkpointsDir: { type: 'string', default: 'checkpoints', path: true, minLength: 1, description: 'Where checkpoints go, relative to the job folder.' },
    checkpointOnShutdown: { type: 'boolean', default: false, description: 'Take a checkpoint when the crawl stops (however it stops, short of a kill).' },
    forgetAllButLatest: { type: 'boolean', default: false, description: 'Delete older checkpoints once a new one is complete.' },
    runDir: { type: 'string', default: '${launchId}', path: true, description: 'The run folder, where the bean file copied into each checkpoint is found.' },
  },
  refs: {
    stateStore: { kind: 'StateStore', required: true, autowire: true, description: 'The state copied.' },
    loggerModule: { kind: 'CrawlLogger', autowire: true, description: 'Where a checkpoint that fails is reported (alerts.log).' },
  },
  load: async (): Promise<ComponentClass> => (await import('./checkpoint-service.js')).CheckpointService,
});
