/**
 * `run` one call at a time: a call made while one runs makes it run once more after it (reading
 * what is current then) and shares that run's end. So a burst of events asks the API twice, not
 * once per event, and the last answer is never older than the last event.
 */
export function oneAtATime(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await run();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}
