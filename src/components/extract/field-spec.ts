/** One field of a FieldsBySelector: the selector, whether every match is taken or the first, and the attribute taken (text when none). */
export interface FieldSpec {
  readonly selector: string;
  readonly all: boolean;
  readonly attribute?: string;
}

/**
 * A field as written: `[all ]SELECTOR[ @ATTRIBUTE]`. `h1.title` takes the first match's text,
 * `all ul.tags li` every match's, `meta[name=author] @content` the first match's attribute.
 */
export function parseFieldSpec(written: string): FieldSpec {
  let rest = written.trim();
  const all = /^all\s+/.test(rest);
  if (all) rest = rest.replace(/^all\s+/, '');
  const attr = /(?:^|\s)@([^\s@]+)$/.exec(rest);
  if (attr) rest = rest.slice(0, attr.index).trim();
  return { selector: rest, all, ...(attr ? { attribute: attr[1] } : {}) };
}
