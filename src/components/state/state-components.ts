import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { fetchHistoryProcessorComponent } from './fetch-history-processor.descriptor.js';
import { fetchHistoryStoreComponent } from './fetch-history-store.descriptor.js';
import { levelStateStoreComponent } from './level-state-store.descriptor.js';
import { levelUriUniqFilterComponent } from './level-uri-uniq-filter.descriptor.js';
import { memoryUriUniqFilterComponent } from './memory-uri-uniq-filter.descriptor.js';
import { persistLoadProcessorComponent } from './persist-load-processor.descriptor.js';
import { persistStoreProcessorComponent } from './persist-store-processor.descriptor.js';

/** The state area: the store, uniq filters, and the fetch history with its processors. */
export const STATE_COMPONENTS: readonly ComponentDescriptor[] = [
  levelUriUniqFilterComponent,
  memoryUriUniqFilterComponent,
  levelStateStoreComponent,
  fetchHistoryStoreComponent,
  persistLoadProcessorComponent,
  fetchHistoryProcessorComponent,
  persistStoreProcessorComponent,
];
