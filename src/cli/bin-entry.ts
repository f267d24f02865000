/** The command's entry point: esbuild bundles it with everything it loads into dist/beancrawl.mjs, which starts faster. */
import { run } from './main.js';

// A reader that went away (`beancrawl docs | head`) ends the command quietly, as other tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

process.exitCode = await run(process.argv.slice(2));
