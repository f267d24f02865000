/**
 * How many times a crash test kills the crawl: BEANCRAWL_CRASH_KILLS when it is set (a few, for
 * a quick run on a developer's machine), otherwise `full`, the long loop that CI runs.
 */
export function crashKills(full: number, env: NodeJS.ProcessEnv = process.env): number {
  const text = env.BEANCRAWL_CRASH_KILLS;
  if (text === undefined || text === '') return full;
  const kills = Number(text);
  if (!Number.isInteger(kills) || kills < 1) throw new Error(`BEANCRAWL_CRASH_KILLS must be a whole number, 1 or more, not "${text}"`);
  return kills;
}
