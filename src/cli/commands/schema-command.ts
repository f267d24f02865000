import { beanFileSchema } from '../../beans/schema/bean-file-schema.js';
import { builtInRegistry } from '../../catalog/catalog.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_OK } from '../../util/exit-codes.js';

/** `beancrawl schema`: the JSON Schema of bean files, from the component registry (`npm run docs` keeps docs/bean-file.schema.json). */
export const schemaCommand = defineCommand({
  names: ['schema'],
  options: {},
  summary: 'Print the JSON Schema of bean files.',
  details: 'Generated from the component registry. Editors use it through "$schema" in a JSON bean '
    + 'file to complete property names and flag misspelt ones.',
  async run(_line, io) {
    io.out(JSON.stringify(beanFileSchema(builtInRegistry()), null, 2));
    return EXIT_OK;
  },
});
