import { beanDocs } from '../../beans/schema/bean-docs.js';
import { builtInRegistry } from '../../catalog/catalog.js';
import { errorDocs } from '../../util/error-docs.js';
import { defineCommand } from '../cli-command.js';
import { EXIT_OK } from '../../util/exit-codes.js';

/** `beancrawl docs [--errors]`: the generated references that `npm run docs` writes into docs/. */
export const docsCommand = defineCommand({
  names: ['docs'],
  options: {
    errors: { description: 'print the error codes instead of the bean reference' },
  },
  summary: 'Print the bean reference or the list of error codes.',
  details: 'These are docs/beans.md and, with --errors, docs/errors.md: "npm run docs" writes them '
    + 'from the component registry and the error catalogue.',
  async run({ options }, io) {
    io.out(options.errors ? errorDocs() : beanDocs(builtInRegistry()));
    return EXIT_OK;
  },
});
