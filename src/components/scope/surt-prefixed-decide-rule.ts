import { defineComponent, type ComponentClass, type ConfigOf } from '../../beans/registry/component-descriptor.js';
import { decisionProp } from './decision-prop.js';
import { DECIDE_RULE_PROPS } from './decide-rule-props.js';
import { writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CrawlUri } from '../../model/crawl-uri.js';
import type { ReadSource } from '../../model/read-source.js';
import { impliedSurtPrefix } from '../../util/url/implied-surt-prefix.js';
import { serializeUrl } from '../../util/url/normalize-url.js';
import { SurtPrefixSet } from '../../util/url/surt-prefix-set.js';
import { PredicatedDecideRule } from './predicated-decide-rule.js';
import { makeFolders } from '../../util/make-folders.js';

export const surtPrefixedDecideRuleComponent = defineComponent({
  name: 'SurtPrefixedDecideRule',
  aliases: ['org.archive.modules.deciderules.surt.SurtPrefixedDecideRule'],
  description:
    'Gives its decision to URIs whose SURT form (https read as http) starts with one of its SURT prefixes. The ' +
    'prefixes come from the seeds (`http://example.org/a/b.html` implies `http://(org,example,)/a/`), from ' +
    'directive lines of the seed list (`+http://(org,example,` for an ACCEPT rule, `-...` for a REJECT rule) and ' +
    'from `surtsSource` (URLs, and SURT prefixes on `+` lines). The default scope\'s `acceptSurts`.',
  kinds: ['DecideRule'],
  props: {
    ...DECIDE_RULE_PROPS,
    decision: decisionProp('ACCEPT'),
    seedsAsSurtPrefixes: { type: 'boolean', default: true, description: 'Add the prefix each seed implies.' },
    alsoCheckVia: {
      type: 'boolean', default: false, overlayable: true,
      description: 'Also decide when the URI it was found on (its via) is covered: with ACCEPT, crawls one hop off the prefixes.',
    },
    surtsDumpFile: {
      type: 'string', default: '', path: true,
      description: 'Where to write the prefixes in use, one a line, when the crawl starts; empty writes none. Heritrix\'s profile uses ' +
        '`${launchId}/surts.dump`.',
    },
  },
  refs: {
    surtsSource: { kind: 'ReadSource', description: 'More prefixes: URLs or hosts (their implied prefixes) and literal SURT prefixes on `+` lines; ' +
      '`#` comments.' },
    seeds: { kind: 'SeedModule', autowire: true, description: 'The seeds whose implied prefixes and directive lines are added.' },
  },
  // Heritrix's deprecated setSurtsSourceFile(ConfigFile), which sets surtsSource.
  propertyAliases: { surtsSourceFile: 'surtsSource' },
  load: async (): Promise<ComponentClass> => SurtPrefixedDecideRule,
});

/**
 * Heritrix's SurtPrefixedDecideRule. The prefix set is built in `start()` (seeds, seed-list
 * directives, `surtsSource`) and dumped if asked; a lookup walks a radix tree once per URI.
 */
export class SurtPrefixedDecideRule extends PredicatedDecideRule<typeof surtPrefixedDecideRuleComponent> {
  #prefixes = new SurtPrefixSet();
  #listening = false;
  /** Seeds added during the crawl, kept for a second start (which builds the set afresh). */
  readonly #seedsAdded = new Set<string>();

  /** The prefixes in use (empty before `start()`). */
  get prefixes(): SurtPrefixSet {
    return this.#prefixes;
  }

  /** Builds the prefix set afresh, so a second start gives the same set. */
  async start(): Promise<void> {
    const set = new SurtPrefixSet();
    await this.#addFromSeeds(set);
    const source = this.config.surtsSource;
    if (source) set.importFromMixed(await readSurts(source));
    this.#prefixes = this.convertPrefix ? converted(set, (p) => this.convertPrefix!(p)) : set;
    // Seeds added during the run, earlier ones (of the launches it resumes) told at once: after the set is in place.
    for (const url of this.#seedsAdded) this.#addSeedPrefix(url);
    if (!this.#listening && this.config.seeds) {
      this.config.seeds.onSeedAdded((url) => this.addedSeed(url));
      this.#listening = true;
    }
    await this.#dump();
  }

  /** Heritrix's SeedListener: a seed added during the crawl (a seed's redirect) adds its prefix. */
  addedSeed(url: string): void {
    this.#seedsAdded.add(url);
    this.#addSeedPrefix(url);
  }

  #addSeedPrefix(url: string): void {
    if (!this.config.seedsAsSurtPrefixes) return;
    const prefix = seedSurtPrefix(url);
    this.#prefixes.add(this.convertPrefix ? this.convertPrefix(prefix) : prefix);
  }

  /** Rewrites every prefix once the set is read (Heritrix's OnHosts/OnDomains force host or domain form). */
  protected convertPrefix?(prefix: string): string;

  protected evaluate(curi: CrawlUri, c: ConfigOf<typeof surtPrefixedDecideRuleComponent>): boolean {
    const prefixes = this.#prefixes;
    if (prefixes.size === 0) return false;
    if (c.alsoCheckVia && curi.via !== undefined && prefixes.coversUrl(curi.via)) return true;
    return prefixes.containsPrefixOf(curi.candidateSurt);
  }

  /** Seeds give their implied prefixes; directive lines (`+` for ACCEPT, `-` for REJECT) their literal or implied ones. */
  async #addFromSeeds(set: SurtPrefixSet): Promise<void> {
    const seeds = this.config.seeds;
    if (!seeds) return;
    const list = await seeds.loadSeeds();
    if (this.config.seedsAsSurtPrefixes) for (const seed of list.seeds) set.add(seedSurtPrefix(seed.url));
    // Directive lines are read once at start, for no URI: the base decision decides their sign.
    const directive = this.configForNoUri().decision === 'REJECT' ? '-' : '+';
    for (const line of list.directives) set.considerAsDirective(line.text, directive);
  }

  async #dump(): Promise<void> {
    const path = this.config.surtsDumpFile;
    if (path === '' || path.includes('${')) return; // no dump asked, or not launched (no run folder yet)
    await makeFolders(dirname(path));
    await writeFile(path, this.#prefixes.dump());
  }
}

/**
 * The prefix a seed implies once normalised as Heritrix announces it (a URL always with a path):
 * `http://example.org` → `http://(org,example,)/`, `https://example.org/a/b.html` → `http://(org,example,)/a/`.
 */
export function seedSurtPrefix(url: string): string {
  return impliedSurtPrefix(URL.canParse(url) ? serializeUrl(new URL(url)) : url);
}

/** A new set of the converted prefixes (redundant ones dropped again: conversion can widen them). */
function converted(set: SurtPrefixSet, convert: (prefix: string) => string): SurtPrefixSet {
  const out = new SurtPrefixSet();
  for (const prefix of set) out.add(convert(prefix));
  return out;
}

async function readSurts(source: ReadSource): Promise<string> {
  try {
    return await source.readText();
  } catch (e) {
    throw new Error(`cannot read surtsSource ${source.description}: ${(e as Error).message}`);
  }
}
