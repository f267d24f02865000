import { beanFileSchema } from '../../beans/schema/bean-file-schema.js';
import { builtInRegistry } from '../../catalog/catalog.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_OK } from '../../util/exit-codes.js';

/** `beancrawl schema`: the JSON Schema of bean files, from the component registry (`npm run docs` keeps docs/reference/bean-file.schema.json). */
export const schemaCommand = defineCommand({
  names: ['schema'],
  options: {
    xsd: { description: 'print the XML Schema (XSD) of XML bean files instead' },
  },
  summary: 'Print the JSON Schema of bean files (or with --xsd their XML Schema).',
  details: 'Generated from the component registry. Editors use the JSON Schema through "$schema" in a JSON bean '
    + 'file to complete property names and flag misspelt ones; XML editors that read an XSD (for the '
    + 'namespace http://www.springframework.org/schema/beans) complete element, attribute, class and '
    + 'property names from --xsd. `beancrawl lsp` does all of it, checked against the whole graph.',
  async run({ options }, io) {
    if (options.xsd) {
      const { beanFileXsd } = await import('../../beans/schema/bean-file-xsd.js');
      io.out(beanFileXsd(builtInRegistry()).trimEnd());
    } else io.out(JSON.stringify(beanFileSchema(builtInRegistry()), null, 2));
    return EXIT_OK;
  },
});
