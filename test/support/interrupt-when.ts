import { INTERRUPTED } from '../../src/engine/crawl-controller.js';
import type { CrawlControl } from '../../src/model/crawl-control.js';

/**
 * Ends a launch as Ctrl-C does (INTERRUPTED: the next launch resumes) once `due` says so: give
 * `onRunning` to launchJob, and call `cancel` when the launch has ended.
 */
export function interruptWhen(due: () => boolean): { onRunning(controller: CrawlControl): void; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  return {
    onRunning: (controller) => {
      timer = setInterval(() => {
        if (!due()) return;
        clearInterval(timer);
        controller.terminate(INTERRUPTED);
      }, 5);
    },
    cancel: () => clearInterval(timer),
  };
}
