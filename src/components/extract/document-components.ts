import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { displayUrlMapperComponent } from './display-url-mapper.js';
import { extractorCompoundComponent } from './extractor-compound.descriptor.js';
import { extractorDocumentComponent } from './extractor-document.descriptor.js';
import { fieldsBySelectorComponent } from './fields-by-selector.descriptor.js';

/** What documents carry to a search index: text and attributes, fields by selector, display URLs, the elements of compounds. */
export const DOCUMENT_COMPONENTS: ComponentDescriptor[] = [extractorDocumentComponent, fieldsBySelectorComponent, displayUrlMapperComponent, extractorCompoundComponent];
