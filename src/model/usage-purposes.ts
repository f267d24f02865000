import type { UsagePreferences } from './usage-preferences.js';

/** What a crawl may declare it gathers content for (`metadata.purposes`). */
export const USAGE_PURPOSES = ['search', 'ai-input', 'ai-train', 'archive'] as const;

export type UsagePurpose = (typeof USAGE_PURPOSES)[number];

/**
 * Which category of each vocabulary speaks of a purpose. Content-Signal (contentsignals.org) has
 * one flat category a purpose, or none. aipref's Content-Usage (draft-ietf-aipref-vocab) has a
 * hierarchy: the most specific category stated decides, then the more general ones in order
 * (`bots`, automated processing, covers every purpose). `alsoRefusedBy` are narrower categories
 * whose `n` refuses the purpose too: a crawl for AI training cannot tell whether the model trained
 * is generative, so `train-genai=n` refuses it as well.
 */
export interface PurposeCategories {
  readonly contentSignal?: string;
  readonly contentUsage: readonly string[];
  readonly alsoRefusedBy?: readonly string[];
}

export const PURPOSE_CATEGORIES: Readonly<Record<UsagePurpose, PurposeCategories>> = {
  search: { contentSignal: 'search', contentUsage: ['search', 'bots'] },
  'ai-input': { contentSignal: 'ai-input', contentUsage: ['ai-use', 'bots'] },
  'ai-train': { contentSignal: 'ai-train', contentUsage: ['train-ai', 'bots'], alsoRefusedBy: ['train-genai'] },
  archive: { contentUsage: ['bots'] },
};

/** A purpose the preferences refuse, and the statement that refuses it (`Content-Signal ai-train=no`). */
export interface Refusal {
  readonly purpose: string;
  readonly by: string;
}

/** The purposes of `purposes` that the preferences refuse, each with its first refusing statement; none stated: none. */
export function refusedPurposes(preferences: UsagePreferences | undefined, purposes: readonly string[]): Refusal[] {
  if (preferences === undefined) return [];
  const refusals: Refusal[] = [];
  for (const purpose of purposes) {
    const categories = PURPOSE_CATEGORIES[purpose as UsagePurpose];
    if (categories === undefined) continue;
    const signal = categories.contentSignal !== undefined ? preferences.contentSignal?.[categories.contentSignal] : undefined;
    if (signal === 'no') {
      refusals.push({ purpose, by: `Content-Signal ${categories.contentSignal}=no` });
      continue;
    }
    const usage = preferences.contentUsage ?? {};
    const narrower = (categories.alsoRefusedBy ?? []).find((k) => usage[k] === 'n');
    const decisive = categories.contentUsage.find((k) => usage[k] !== undefined);
    const refusing = narrower ?? (decisive !== undefined && usage[decisive] === 'n' ? decisive : undefined);
    if (refusing !== undefined) refusals.push({ purpose, by: `Content-Usage ${refusing}=n` });
  }
  return refusals;
}

/** The refusals in words, for explain and crawl.log: `ai-train (Content-Signal ai-train=no)`. */
export function describeRefusals(refusals: readonly Refusal[]): string {
  return refusals.map((r) => `${r.purpose} (${r.by})`).join(', ');
}
