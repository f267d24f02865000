/**
 * Where the name or value that starts at `from` ends, for a problem located by its start only:
 * an element's name (`<bean`), a JSON string with its quotes, an attribute value up to its
 * closing quote, an element's text up to the next tag, or a word (an override key stops at `=`).
 * Never `from` itself unless the text ends there: a problem is always underlined.
 */
export function tokenEnd(text: string, from: number, format: 'xml' | 'json'): number {
  const n = text.length;
  if (from >= n) return n;
  const c = text[from];
  if (c === '<') {
    let j = from + 1;
    if (text[j] === '/' || text[j] === '?' || text[j] === '!') j++;
    while (j < n && /[\w:.-]/.test(text[j])) j++;
    return j;
  }
  if (c === '"' && format === 'json') {
    let j = from + 1;
    while (j < n && text[j] !== '"' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
    return Math.min(n, j + 1);
  }
  const quote = text[from - 1];
  if ((quote === '"' || quote === "'") && format === 'xml' && /=\s*$/.test(text.slice(Math.max(0, from - 20), from - 1))) {
    let j = from;
    while (j < n && text[j] !== quote && text[j] !== '\n' && text[j] !== '<') j++;
    return j > from ? j : Math.min(n, from + 1);
  }
  if (/\s/.test(c)) {
    const lt = text.indexOf('<', from);
    const end = lt < 0 ? n : lt;
    return end > from ? end : from + 1;
  }
  let j = from;
  while (j < n && !/[\s"'<>=,{}[\]]/.test(text[j])) j++;
  return j > from ? j : from + 1;
}
