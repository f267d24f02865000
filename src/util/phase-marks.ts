/**
 * Where a command's start-up and shut-down go: `mark(name)` notes the time since the process
 * started (performance.mark), and with BEANCRAWL_MARKS=1 the command prints every mark on stderr
 * as it exits (`marks: loaded=112 verified=168 …`, milliseconds), which test/bench/startup.bench.ts
 * reads. Without the variable a mark costs one property read.
 */
const ON = process.env.BEANCRAWL_MARKS === '1';

export function mark(name: string): void {
  if (ON) performance.mark(name);
}

/** The marks so far, as one line, or nothing when marks are off. */
export function marksLine(): string | undefined {
  if (!ON) return undefined;
  const marks = performance.getEntriesByType('mark').map((m) => `${m.name}=${m.startTime.toFixed(1)}`);
  return `marks: node=${performance.nodeTiming.bootstrapComplete.toFixed(1)} ${marks.join(' ')}`;
}
