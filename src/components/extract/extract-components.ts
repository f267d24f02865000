import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { extractorCssComponent } from './extractor-css.js';
import { extractorHtmlComponent } from './extractor-html.descriptor.js';
import { extractorImpliedUriComponent } from './extractor-implied-uri.js';
import { extractorHttpComponent } from './extractor-http.js';
import { extractorJsComponent } from './extractor-js.js';
import { extractorRobotsTxtComponent } from './extractor-robots-txt.js';
import { extractorSitemapComponent } from './extractor-sitemap.js';
import { extractorSwfComponent } from './extractor-swf.js';
import { extractorXmlComponent } from './extractor-xml.js';

/** The link extractors, for the catalog to register, in the order of Heritrix's fetch chain. */
export const EXTRACT_COMPONENTS: ComponentDescriptor[] = [
  extractorHttpComponent, extractorRobotsTxtComponent, extractorSitemapComponent, extractorHtmlComponent,
  extractorCssComponent, extractorJsComponent, extractorSwfComponent, extractorXmlComponent, extractorImpliedUriComponent,
];
