import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';

/** Statistics and reports. */
export const REPORTING_COMPONENTS: ComponentDescriptor[] = [];
