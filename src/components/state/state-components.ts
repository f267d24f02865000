import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { contentDigestHistoryLoaderComponent } from './content-digest-history-loader.js';
import { contentDigestHistoryStorerComponent } from './content-digest-history-storer.js';
import { contentDigestHistoryStoreComponent } from './content-digest-history-store.js';
import { fetchHistoryProcessorComponent } from './fetch-history-processor.js';
import { fetchHistoryStoreComponent } from './fetch-history-store.js';
import { levelStateStoreComponent } from './level-state-store.js';
import { levelUriUniqFilterComponent } from './level-uri-uniq-filter.js';
import { memoryUriUniqFilterComponent } from './memory-uri-uniq-filter.js';
import { noopUriUniqFilterComponent } from './noop-uri-uniq-filter.js';
import { persistLoadProcessorComponent } from './persist-load-processor.js';
import { persistStoreProcessorComponent } from './persist-store-processor.js';

/** The state area: the store, uniq filters, the fetch history and the content digest history with their processors. */
export const STATE_COMPONENTS: readonly ComponentDescriptor[] = [
  levelUriUniqFilterComponent,
  memoryUriUniqFilterComponent,
  noopUriUniqFilterComponent,
  levelStateStoreComponent,
  fetchHistoryStoreComponent,
  persistLoadProcessorComponent,
  fetchHistoryProcessorComponent,
  persistStoreProcessorComponent,
  contentDigestHistoryStoreComponent,
  contentDigestHistoryLoaderComponent,
  contentDigestHistoryStorerComponent,
];
