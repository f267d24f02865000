/**
 * What keeps this process's event loop alive, as a line: the kinds of resource Node counts
 * (process.getActiveResourcesInfo), each with how many, e.g. `TCPSocketWrap ×2, Timeout`. For a
 * process that should have ended and has not, to say why.
 */
export function openResourcesLine(): string {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => (n > 1 ? `${kind} ×${n}` : kind)).join(', ') || 'nothing';
}
