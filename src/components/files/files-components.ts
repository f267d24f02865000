import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { fetchFileComponent } from './fetch-file.js';

/** File-system crawling (FetchFile). */
export const FILES_COMPONENTS: ComponentDescriptor[] = [fetchFileComponent];
