/**
 * Where well-formed XML first nests elements deeper than `limit`: the offset of the start tag
 * that goes one level too deep, or undefined. A scan of tags only (comments, CDATA sections,
 * processing instructions and quoted attribute values skipped), so that a file too deep for the
 * parser is refused at the element that is too deep.
 */
export function xmlTooDeepAt(source: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = source.indexOf('<'); i !== -1; i = source.indexOf('<', i + 1)) {
    const next = source.charCodeAt(i + 1);
    if (source.startsWith('<!--', i)) i = end(source, '-->', i);
    else if (source.startsWith('<![CDATA[', i)) i = end(source, ']]>', i);
    else if (next === 0x3f /* ? */) i = end(source, '?>', i);
    else if (next === 0x21 /* ! */) i = end(source, '>', i);
    else if (next === 0x2f /* / */) {
      depth--;
      i = end(source, '>', i);
    } else {
      const close = tagEnd(source, i);
      if (source.charCodeAt(close - 1) !== 0x2f /* / */ && ++depth > limit) return i;
      i = close;
    }
  }
  return undefined;
}

function end(source: string, marker: string, from: number): number {
  const at = source.indexOf(marker, from);
  return at === -1 ? source.length : at + marker.length - 1;
}

/** The `>` that ends the start tag at `from`, past quoted attribute values. */
function tagEnd(source: string, from: number): number {
  let quote = 0;
  for (let i = from + 1; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e /* > */) return i;
  }
  return source.length;
}
