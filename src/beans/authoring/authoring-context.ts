import type { Registry } from '../registry/registry.js';
import type { BeanOutline } from './bean-outline.js';

/** What completion and hover ask of the registry: a Registry, or anything that answers the same from the same descriptors. */
export type ComponentLookup = Pick<Registry, 'lookup' | 'descriptors'>;

/** The two ways of writing a bean file. */
export type BeanFormat = 'xml' | 'json';

/**
 * What completion and hover know besides the text: passed in, never looked up, so that the same
 * functions run in the browser (the console's editor) and in `beancrawl lsp`.
 */
export interface AuthoringContext {
  /** The components: their names, aliases, kinds and properties. */
  readonly registry: ComponentLookup;
  /** Files a `classpath:` import may name, relative to the package (`profiles/default.xml`, `sheets/polite.xml`). */
  readonly classpathResources?: readonly string[];
  /**
   * Top-level beans of the other files read with this one (the files it imports, or for a sheet
   * file the job's crawler beans): ids for references and `parent`, beans for override paths.
   * The readers' BeanDefinitions will do. The file's own beans come first when ids clash.
   */
  readonly otherBeans?: readonly BeanOutline[];
  /**
   * The value a top-level bean's property ends up with after overrides, and where it comes from
   * (markdown, as `beancrawl beans` shows it), when a verify of the file has resolved it: hover adds it.
   */
  readonly effectiveValue?: (beanId: string, property: string) => string | undefined;
}
