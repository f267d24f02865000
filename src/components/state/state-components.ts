import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { fetchHistoryProcessorComponent } from './fetch-history-processor.js';
import { fetchHistoryStoreComponent } from './fetch-history-store.js';
import { levelStateStoreComponent } from './level-state-store.js';
import { levelUriUniqFilterComponent } from './level-uri-uniq-filter.js';
import { memoryUriUniqFilterComponent } from './memory-uri-uniq-filter.js';
import { noopUriUniqFilterComponent } from './noop-uri-uniq-filter.js';
import { persistLoadProcessorComponent } from './persist-load-processor.js';
import { persistStoreProcessorComponent } from './persist-store-processor.js';

/** The state area: the store, uniq filters, and the fetch history with its processors. */
export const STATE_COMPONENTS: readonly ComponentDescriptor[] = [
  levelUriUniqFilterComponent,
  memoryUriUniqFilterComponent,
  noopUriUniqFilterComponent,
  levelStateStoreComponent,
  fetchHistoryStoreComponent,
  persistLoadProcessorComponent,
  fetchHistoryProcessorComponent,
  persistStoreProcessorComponent,
];
