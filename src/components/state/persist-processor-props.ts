import type { BeanView, PropSpec, RefSpec, ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { PROCESSOR_PROPS, PROCESSOR_REFS } from '../../model/processor-props.js';

const NO_PRELOAD =
  'Heritrix preloads from a BDB environment or a persist log of Java-serialised maps, which beancrawl cannot read; ' +
  'the history is what earlier runs of the job (or of jobs sharing its state folder) stored';

/** The properties of Heritrix's PersistOnlineProcessor and its parents, which PersistLoadProcessor and PersistStoreProcessor share. */
export const PERSIST_PROPS = {
  ...PROCESSOR_PROPS,
  historyDbName: {
    type: 'string', default: 'uri_history', minLength: 1,
    description: 'Without a FetchHistoryStore bean: the history in the crawl\'s state store. `uri_history` (Heritrix\'s default) is the job\'s ' +
      'fetch history, the one a FetchHistoryStore keeps; another name keeps a history of its own (sublevel `history:NAME`), which loader and ' +
      'storer share by naming it alike. With a FetchHistoryStore, that bean decides.',
  },
  onlyStoreIfWriteTagPresent: {
    type: 'boolean', default: true,
    ignored: 'every fetch is stored, written to a WARC file or not (as Heritrix does with false): the fetch history also decides conditional ' +
      'requests and delta runs (new, changed, unchanged, deleted)',
    description: 'Heritrix: store a URI\'s history only when a writer wrote it. Accepted; every fetch is stored.',
  },
} as const satisfies Record<string, PropSpec>;

/** PersistLoadProcessor's own: where Heritrix preloads history from. */
export const PRELOAD_PROPS = {
  preloadSource: { type: 'string', default: '', ignored: NO_PRELOAD, description: 'Heritrix: a BDB environment or persist log to load history from ' +
    'at start. Accepted; not read.' },
  preloadSourceUrl: { type: 'string', default: '', ignored: NO_PRELOAD, description: 'Heritrix: a URL of a persist log to load history from at ' +
    'start. Accepted; not read.' },
} as const satisfies Record<string, PropSpec>;

/** The history used, declared or the crawl's state store's own. */
export const PERSIST_REFS = {
  ...PROCESSOR_REFS,
  fetchHistory: {
    kind: 'FetchHistory', autowire: true,
    description: 'The history, when the file declares a FetchHistoryStore (profile `delta-recrawl`); without one, the history in the state store ' +
      '(`historyDbName`), as in Heritrix.',
  },
  bdbModule: { kind: 'StateStore', autowire: true, description: 'The crawl\'s state store (Heritrix\'s BdbModule): where the history is kept ' +
    'without a FetchHistoryStore bean.' },
} as const satisfies Record<string, RefSpec>;

/** A persist processor needs a history: a FetchHistoryStore, or a state store to keep one in. */
export function validatePersistProcessor(bean: BeanView): ValidationIssue[] {
  if (bean.refs('fetchHistory').length || bean.refs('bdbModule').length) return [];
  return [{ property: 'bdbModule', message: 'needs a state store (LevelStateStore, Heritrix\'s BdbModule) or a FetchHistoryStore to keep the fetch ' +
    'history in' }];
}
