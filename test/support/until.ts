/**
 * Waits for `condition` to hold, checking it every `everyMs`; fails with `what` after
 * `timeoutMs`. Tests wait for what they need to see, never for a fixed time: a fixed sleep is
 * too long on a quiet machine and too short on a loaded one.
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string, { timeoutMs = 20_000, everyMs = 10 } = {}): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
