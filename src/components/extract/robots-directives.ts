import type { OperatorIdentity } from '../../model/crawl-metadata-info.js';

/**
 * True when a robots directive list (`<meta name="robots" content>` or `X-Robots-Tag`) holds
 * `nofollow` or `none`, in any case: `noindex, nofollow`, `NONE`, `googlebot: nofollow`.
 */
export function hasNofollowDirective(value: string): boolean {
  const lower = value.toLowerCase();
  return hasToken(lower, 'nofollow') || hasToken(lower, 'none');
}

/** Whether the crawl's robots policy honours meta robots and X-Robots-Tag (obey and classic do; no metadata counts as obey). */
export function obeysMetaRobots(metadata: OperatorIdentity | undefined): boolean {
  const policy = metadata?.robotsPolicyName ?? 'obey';
  return policy === 'obey' || policy === 'classic';
}

/** `token` standing alone in `s`: bounded by the ends or by characters that cannot be part of a directive name. */
function hasToken(s: string, token: string): boolean {
  let from = 0;
  for (;;) {
    const at = s.indexOf(token, from);
    if (at < 0) return false;
    const end = at + token.length;
    if ((at === 0 || !isNameChar(s.charCodeAt(at - 1))) && (end === s.length || !isNameChar(s.charCodeAt(end)))) return true;
    from = at + 1;
  }
}

function isNameChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f;
}
