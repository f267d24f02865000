import type { Writable } from 'node:stream';

/**
 * Resolves when the stream can take more, or has failed or closed. It never rejects: a failure is
 * the writer's to report, through its own 'error' listener.
 */
export function waitForDrain(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done).off('error', done).off('close', done);
      resolve();
    };
    stream.on('drain', done).on('error', done).on('close', done);
  });
}
