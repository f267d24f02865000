/** What the doc tests read of a Markdown page: its headings' anchors and its links, outside code. */

/** The page without fenced code blocks, inline code spans or HTML comments (where nothing is a heading or a link). */
export function proseOf(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '');
}

/** A heading's anchor as GitHub makes it: the text as shown, lower-cased, punctuation dropped, spaces as dashes. */
export function slugOf(heading: string): string {
  const shown = heading.replace(/`([^`]*)`/g, '$1').replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1');
  return shown.trim().toLowerCase().replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a page offers: its headings', duplicates numbered as GitHub numbers them (`-1`, `-2`). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of proseOf(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = slugOf(m[1]);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The targets of a page's links and images, outside code: `path`, `path#anchor` or `#anchor`. */
export function linksOf(markdown: string): string[] {
  const prose = proseOf(markdown).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)].map((m) => m[1]);
}

/** A link that leaves the repository (a URL with a scheme, or mail). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}
