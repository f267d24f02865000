/**
 * Keeps this thread's event loop busy, as a crawl of other sites keeps it: 20 ms of code a turn,
 * a turn after another (timers and I/O run between them), until `until()` is true.
 */
export async function busyUntil(until: () => boolean): Promise<void> {
  while (!until()) {
    const end = performance.now() + 20;
    while (performance.now() < end) {
      // Spinning: the loop runs code.
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
