import { defineComponent, type ComponentClass, type ComponentDescriptor } from '../../src/beans/registry/component-descriptor.js';
import { Registry } from '../../src/beans/registry/registry.js';
import { BUILT_IN_COMPONENTS } from '../../src/catalog/catalog.js';

/** Every lifecycle call made by test components, in order: `start:id`, `stop:id`. */
export const lifecycleCalls: string[] = [];

/** Ids whose start() throws, whose start() never finishes, and whose stop() throws. */
export const misbehaving = { failStart: new Set<string>(), hangStart: new Set<string>(), failStop: new Set<string>() };

class Recorder {
  constructor(readonly config: Record<string, unknown>) {}

  start(): Promise<void> | void {
    const id = String(this.config.name);
    if (misbehaving.hangStart.has(id)) return new Promise(() => {});
    lifecycleCalls.push(`start:${id}`);
    if (misbehaving.failStart.has(id)) throw new Error(`${id} refuses to start`);
  }

  stop(): void {
    const id = String(this.config.name);
    lifecycleCalls.push(`stop:${id}`);
    if (misbehaving.failStop.has(id)) throw new Error(`${id} refuses to stop`);
  }
}

const recorderProps = { name: { type: 'string', required: true, description: 'The name recorded in lifecycle calls.' } } as const;
const load = async (): Promise<ComponentClass> => Recorder;

/** A stand-in frontier: needs a DecideRule called `scope` (autowired, as in Heritrix) and a store. */
export const testFrontier = defineComponent({
  name: 'TestFrontier',
  description: 'A test component that records its lifecycle.',
  kinds: ['Frontier'],
  props: recorderProps,
  refs: {
    scope: { kind: 'DecideRule', required: true, autowire: true, description: 'Scope, autowired.' },
    store: { kind: 'Store', required: true, autowire: true, description: 'Store, autowired.' },
  },
  load,
});

export const testStore = defineComponent({
  name: 'TestStore',
  description: 'A test store that records its lifecycle.',
  kinds: ['Store'],
  props: recorderProps,
  load,
});

/** A bean that uses others through an explicit list. */
export const testController = defineComponent({
  name: 'TestController',
  description: 'A test controller that records its lifecycle.',
  kinds: ['Controller'],
  props: { ...recorderProps, threads: { type: 'integer', minimum: 1, default: 25, description: 'Threads.' }, ratio: { type: 'number', default: 1.5, description: 'A ratio.' }, tags: { type: 'array', items: { type: 'string' }, default: [], description: 'Tags.' }, flags: { type: 'object', additionalProperties: { type: 'boolean' }, default: {}, description: 'Flags.' } },
  refs: { parts: { kind: 'Store', list: true, description: 'Parts, in order.' }, frontier: { kind: 'Frontier', description: 'The frontier.' } },
  load,
});

export function testRegistry(): Registry {
  const all: ComponentDescriptor[] = [...BUILT_IN_COMPONENTS, testFrontier, testStore, testController];
  return new Registry(all);
}
