import { compileRobotsRule } from './robots-rule.js';
import type { RobotsRule } from './robots-rule.js';
import { RobotsTxt } from './robots-txt.js';
import type { RobotsGroup } from './robots-txt.js';
import { parseUsageLine, type UsageRule, type UsageVocabulary } from './usage-preference.js';

/** RFC 9309 asks crawlers to parse at least 500 KiB. */
export const DEFAULT_ROBOTS_MAX_BYTES = 500 * 1024;

export interface ParseRobotsTxtOptions {
  /** Bytes (UTF-8) parsed; the rest of the file is ignored. */
  maxBytes?: number;
}

interface GroupRecords {
  agents: string[];
  rules: RobotsRule[];
  crawlDelaySeconds: number | undefined;
  usage: UsageRule[];
}

const LINE_BREAK = /\r\n|\r|\n/;
const PRODUCT_TOKEN = /^[A-Za-z_-]*/;
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Parses robots.txt per RFC 9309: consecutive `User-agent` lines open one group, which its
 * `Allow`, `Disallow` and `Crawl-delay` lines fill; `Sitemap` lines count wherever they stand.
 * A BOM is skipped, CR, LF and CRLF end lines, `#` starts a comment, keys are case-insensitive,
 * and lines without a colon, unknown keys and rules before any `User-agent` are ignored. Every
 * rule is compiled here, once. A group's `Content-Signal` and `Content-Usage` lines (usage
 * preferences) are kept with it; one that cannot be read, or stands outside any group, is listed
 * in `malformedPreferences` with its line number and skipped.
 */
export function parseRobotsTxt(content: string | Uint8Array, options: ParseRobotsTxtOptions = {}): RobotsTxt {
  const text = limitedText(content, options.maxBytes ?? DEFAULT_ROBOTS_MAX_BYTES);
  const sitemaps: string[] = [];
  const groups: GroupRecords[] = [];
  let current: GroupRecords | undefined;
  let readingAgents = false;
  const malformed: string[] = [];
  let lineNumber = 0;
  for (const line of text.split(LINE_BREAK)) {
    lineNumber++;
    const record = recordOf(line);
    if (!record) continue;
    const [key, value] = record;
    if (key === 'content-signal' || key === 'content-usage') {
      const read = parseUsageLine(key as UsageVocabulary, value);
      const name = key === 'content-signal' ? 'Content-Signal' : 'Content-Usage';
      if (current === undefined) malformed.push(`line ${lineNumber}: ${name} outside any User-agent group`);
      else if ('error' in read) malformed.push(`line ${lineNumber}: ${name} ${read.error}`);
      else {
        readingAgents = false;
        current.usage.push(read.rule);
      }
    } else if (key === 'user-agent') {
      if (!readingAgents) groups.push((current = { agents: [], rules: [], crawlDelaySeconds: undefined, usage: [] }));
      readingAgents = true;
      current!.agents.push(agentToken(value));
    } else if (key === 'sitemap') {
      if (value) sitemaps.push(value);
    } else if (current && (key === 'allow' || key === 'disallow' || key === 'crawl-delay')) {
      readingAgents = false;
      addToGroup(current, key, value);
    }
  }
  return new RobotsTxt(mergeByAgent(groups), sitemaps, malformed);
}

/** `[key, value]` of a line, the key lower-cased, both trimmed, the comment removed. */
function recordOf(line: string): [string, string] | undefined {
  const hash = line.indexOf('#');
  const content = hash < 0 ? line : line.slice(0, hash);
  const colon = content.indexOf(':');
  if (colon < 0) return undefined;
  return [content.slice(0, colon).trim().toLowerCase(), content.slice(colon + 1).trim()];
}

/** `*` for the default group, else the product name the line starts with, lower-cased. */
function agentToken(value: string): string {
  if (value === '*' || /^\*\s/.test(value)) return '*';
  return PRODUCT_TOKEN.exec(value)![0].toLowerCase();
}

function addToGroup(group: GroupRecords, key: string, value: string): void {
  if (key === 'crawl-delay') {
    const seconds = value === '' ? NaN : Number(value);
    if (Number.isFinite(seconds) && seconds >= 0) group.crawlDelaySeconds ??= seconds;
  } else if (value !== '') {
    group.rules.push(compileRobotsRule(value, key === 'allow'));
  }
}

/** Every group naming a token, merged into one; rules sorted so the first match decides. */
function mergeByAgent(groups: GroupRecords[]): Map<string, RobotsGroup> {
  const merged = new Map<string, { rules: RobotsRule[]; crawlDelaySeconds: number | undefined; usage: UsageRule[] }>();
  for (const group of groups) {
    for (const agent of new Set(group.agents)) {
      if (!agent) continue;
      const target = merged.get(agent) ?? { rules: [], crawlDelaySeconds: undefined, usage: [] };
      for (const rule of group.rules) target.rules.push(rule);
      for (const rule of group.usage) target.usage.push(rule);
      target.crawlDelaySeconds ??= group.crawlDelaySeconds;
      merged.set(agent, target);
    }
  }
  for (const group of merged.values()) group.rules.sort(bySpecificity);
  return merged;
}

function bySpecificity(a: RobotsRule, b: RobotsRule): number {
  return b.length - a.length || Number(b.allow) - Number(a.allow);
}

/** The first `maxBytes` bytes as text, without a leading BOM. */
function limitedText(content: string | Uint8Array, maxBytes: number): string {
  let text: string;
  if (typeof content !== 'string') text = UTF8.decode(content.subarray(0, maxBytes));
  else if (content.length * 3 <= maxBytes || Buffer.byteLength(content) <= maxBytes) text = content;
  else text = UTF8.decode(Buffer.from(content).subarray(0, maxBytes));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
