import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { extractorCssComponent } from './extractor-css.descriptor.js';
import { extractorHtmlComponent } from './extractor-html.descriptor.js';
import { extractorHttpComponent } from './extractor-http.descriptor.js';
import { extractorJsComponent } from './extractor-js.descriptor.js';
import { extractorRobotsTxtComponent } from './extractor-robots-txt.descriptor.js';
import { extractorSitemapComponent } from './extractor-sitemap.descriptor.js';
import { extractorSwfComponent } from './extractor-swf.descriptor.js';

/** The link extractors, for the catalog to register, in the order of Heritrix's fetch chain. */
export const EXTRACT_COMPONENTS: ComponentDescriptor[] = [
  extractorHttpComponent, extractorRobotsTxtComponent, extractorSitemapComponent, extractorHtmlComponent,
  extractorCssComponent, extractorJsComponent, extractorSwfComponent,
];
