import { defineComponent, type ComponentClass } from '../../beans/registry/component-descriptor.js';

/**
 * java.util.concurrent.ArrayBlockingQueue, as Heritrix's profile builds it for the frontier's
 * `inbound` and `outbound` (`<constructor-arg value="200"/><constructor-arg value="true"/>`):
 * checked, so such a file verifies, and built as an empty placeholder that nothing reads.
 */
export const arrayBlockingQueueComponent = defineComponent({
  name: 'ArrayBlockingQueue',
  aliases: ['java.util.concurrent.ArrayBlockingQueue'],
  description:
    'Java\'s bounded queue, which Heritrix\'s frontier uses to hand URIs between threads (its `inbound` and `outbound`). ' +
    'Accepted so that such files verify; beancrawl\'s frontier has no such queues, and setting one gives a warning.',
  kinds: ['BlockingQueue'],
  props: {
    capacity: { type: 'integer', minimum: 1, required: true, description: 'The most elements it holds (the first constructor argument).' },
    fair: { type: 'boolean', default: false, description: 'Whether waiting threads are served in order (the second constructor argument).' },
  },
  // ArrayBlockingQueue(int capacity, boolean fair).
  constructorArgs: ['capacity', 'fair'],
  load: async (): Promise<ComponentClass> => ArrayBlockingQueuePlaceholder,
});

/** What a file's ArrayBlockingQueue is built as: its settings, kept for `beans`, used by nothing. */
export class ArrayBlockingQueuePlaceholder {
  constructor(readonly config: { readonly capacity: number; readonly fair: boolean }) {}
}
