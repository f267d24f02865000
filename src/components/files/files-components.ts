import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';

/** File-system crawling (FetchFile). */
export const FILES_COMPONENTS: ComponentDescriptor[] = [];
