/** Heritrix's stand-in contexts (LinkContext) for links found where no element or attribute names them. */
export const LinkContext = {
  /** Embeds without other context: every link of a style sheet. */
  EMBED_MISC: '=EMBED_MISC',
  /** Strings found in JavaScript. */
  JS_MISC: '=JS_MISC',
  /** Entries of a manifest: robots.txt `Sitemap:` lines, text sitemaps. */
  MANIFEST_MISC: '=MANIFEST_MISC',
  /** Guesses whose intent is unknown: URI-like values of XML documents. */
  SPECULATIVE_MISC: '=SPECULATIVE_MISC',
} as const;
