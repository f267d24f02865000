import { defineComponent } from './component-descriptor.js';

/** Heritrix's ConfigPathConfigurer: what it does, beancrawl always does. */
export const configPathConfigurer = defineComponent({
  name: 'ConfigPathConfigurer',
  aliases: ['org.archive.spring.ConfigPathConfigurer'],
  description: 'Heritrix\'s helper that resolves paths against the job folder and fills in ${launchId}. beancrawl always does this for properties ' +
    'declared as paths, so the bean is accepted and not needed.',
  kinds: ['ConfigPathConfigurer'],
  props: {},
  ignored: 'paths are always resolved against the job folder, and ${launchId} filled in, without it',
});
