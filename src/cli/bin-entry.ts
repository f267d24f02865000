/** The command's entry point: esbuild bundles it with everything it loads into dist/beancrawl.cjs, which bin/beancrawl.js runs. */
import { run } from './main.js';
import { mark, marksLine } from '../util/phase-marks.js';

mark('loaded');

// A reader that went away (`beancrawl docs | head`) ends the command quietly, as other tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

// No top-level await: the bundle is CommonJS, which V8 can cache compiled (bin/beancrawl.js).
void run(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  mark('returned');
  process.once('exit', () => {
    mark('exit');
    const line = marksLine();
    if (line) process.stderr.write(`${line}\n`);
  });
});
