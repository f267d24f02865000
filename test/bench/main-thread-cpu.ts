/**
 * Preloaded into a measured process (`node --import …/main-thread-cpu.js`): at exit, appends the
 * CPU seconds (user + system) of its main thread alone to the file BENCH_MAIN_THREAD_CPU names.
 * A crawl of one site is one queue with one URI in flight, so its wall time follows the thread
 * that runs the event loop, not the compressor threads, libuv's pool or LevelDB's beside it: on
 * a shared machine this figure says more than wall time does. Linux only (/proc); elsewhere nothing is written.
 */
import { appendFileSync, readFileSync } from 'node:fs';

/** Clock ticks a second: Linux's USER_HZ, 100 on every architecture Node runs on. */
const TICKS = 100;

const out = process.env.BENCH_MAIN_THREAD_CPU;
if (out) {
  process.on('exit', () => {
    try {
      // Fields after the command's name, which ends with ") ": state is the first, utime the 12th, stime the 13th.
      const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      appendFileSync(out, `${(Number(fields[11]) + Number(fields[12])) / TICKS}\n`);
    } catch {
      // Not Linux: no figure.
    }
  });
}
