/** Text as XML character data: `&` and `<` escaped (and `>` after `]]`, which would end nothing but reads badly). */
export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text as an attribute value between `quote`s: line ends and tabs kept as character references, which a parser would otherwise normalise to spaces. */
export function escapeXmlAttribute(text: string, quote: '"' | "'" = '"'): string {
  return escapeXmlText(text)
    .replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&apos;')
    .replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}
