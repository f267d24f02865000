import { waitForDrain } from '../util/wait-for-drain.js';

/** Where a command writes: the real streams, or buffers in tests. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** Resolves once stdout can take more (a command printing much waits for it, so that memory stays flat when piped). */
  drained?(): Promise<void>;
}

export const processOutput: Output = {
  out: (text) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  drained: () => (process.stdout.writableNeedDrain ? waitForDrain(process.stdout) : Promise.resolve()),
};
