import type { RedisCrawl } from './redis-crawl.js';

/** Crawls a launch joined before it built the beans (it needed the run's id for its folder), by name: the RedisConnection bean takes them over. */
const joined = new Map<string, RedisCrawl>();

export function handOverCrawl(crawl: RedisCrawl): void {
  joined.set(crawl.keys.name, crawl);
}

export function takeOverCrawl(name: string): RedisCrawl | undefined {
  const crawl = joined.get(name);
  joined.delete(name);
  return crawl;
}
