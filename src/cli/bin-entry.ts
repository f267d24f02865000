/** The command's entry point: esbuild bundles it with everything it loads into dist/beancrawl.mjs, which starts faster. */
import { run } from './main.js';

process.exitCode = await run(process.argv.slice(2));
