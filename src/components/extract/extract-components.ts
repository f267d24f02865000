import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { extractorHtmlComponent } from './extractor-html.descriptor.js';
import { extractorHttpComponent } from './extractor-http.descriptor.js';

/** The link extractors, for the catalog to register. */
export const EXTRACT_COMPONENTS: ComponentDescriptor[] = [extractorHttpComponent, extractorHtmlComponent];
