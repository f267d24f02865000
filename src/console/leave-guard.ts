/** Whether the page may be left now (false: the person chose to stay). */
export type LeaveCheck = () => boolean;

let check: LeaveCheck | undefined;

/**
 * Asks before leaving the page in the console (links, back and forward): the editor's check
 * asks when its text is not saved. One check at a time; the function returned removes it.
 */
export function guardLeaving(next: LeaveCheck): () => void {
  check = next;
  return () => {
    if (check === next) check = undefined;
  };
}

/** Whether leaving the page is fine (no check, or the check says so). */
export function mayLeave(): boolean {
  return check ? check() : true;
}
