/** An ISO date from ms since the epoch or a date as sent (HTTP date); undefined when it does not parse. */
export function isoDate(date: string | number | undefined): string | undefined {
  if (date === undefined) return undefined;
  const ms = typeof date === 'number' ? date : Date.parse(date);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}
