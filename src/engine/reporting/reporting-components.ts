import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { REPORT_DESCRIPTORS } from './report-descriptors.js';
import { statisticsTrackerComponent } from './statistics-tracker.js';

/** Statistics and reports. */
export const REPORTING_COMPONENTS: ComponentDescriptor[] = [statisticsTrackerComponent, ...REPORT_DESCRIPTORS];
