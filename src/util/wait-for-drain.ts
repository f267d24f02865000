import type { Writable } from 'node:stream';

/**
 * Resolves when the stream can take more, or has failed or closed. It never rejects: the stream's
 * owner reports a failure once, not each write that waited.
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
