/**
 * `1 host`, `2 hosts`, `0 errors`: a count with its noun, plural unless the count is one. The one
 * way the summary, `status` and the reports count things (`plural` for a noun not made with -s).
 */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${nounFor(n, singular, plural)}`;
}

/** The noun alone, for a count written apart from it (report.html's cards): plural unless `n` is one. */
export function nounFor(n: number, singular: string, plural = `${singular}s`): string {
  return n === 1 ? singular : plural;
}
