/** What robots.txt allows, as the precondition enforcer needs it. */
export interface RobotsPolicy {
  isAllowed(userAgent: string, url: string): boolean;
  crawlDelaySeconds(userAgent: string): number | undefined;
}
