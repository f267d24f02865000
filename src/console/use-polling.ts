import { useEffect, useRef } from 'preact/hooks';

/**
 * Calls `load` at once and then every `everyMs` after the last call ended (never two at a time),
 * skipping turns while the page is hidden; stops with the component.
 */
export function usePolling(load: () => Promise<void>, everyMs: number): void {
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let timer: number | undefined;
    let stopped = false;
    const turn = async () => {
      // A turn that fails leaves the page as it was, and the next turn loads again.
      if (!document.hidden) await latest.current().catch(() => undefined);
      if (!stopped) timer = window.setTimeout(turn, everyMs);
    };
    void turn();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [everyMs]);
}
