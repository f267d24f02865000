import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';

/** The result receivers and writers (WARC, JSONL, directory mirror). */
export const RECEIVER_COMPONENTS: ComponentDescriptor[] = [];
