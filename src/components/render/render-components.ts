import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { browserProcessorComponent } from './browser-processor.descriptor.js';

/** The rendering area's components. */
export const RENDER_COMPONENTS: ComponentDescriptor[] = [browserProcessorComponent];
