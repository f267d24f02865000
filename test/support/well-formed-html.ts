import { expect } from 'chai';
import { Parser } from 'htmlparser2';

const VOID = new Set(['meta', 'br', 'img', 'input', 'link', 'hr']);

/** The page's text content, after checking that every element it opens it closes, in order (no element closed by implication). */
export function wellFormedText(html: string): string {
  const stack: string[] = [];
  const problems: string[] = [];
  let text = '';
  const parser = new Parser({
    onopentag: (name) => stack.push(name),
    onclosetag: (name, implied) => {
      const selfClosed = html.slice(parser.startIndex, parser.endIndex + 1).endsWith('/>');
      if (implied && !VOID.has(name) && !selfClosed) problems.push(`<${name}> not closed`);
      if (stack.pop() !== name) problems.push(`</${name}> closes another element`);
    },
    ontext: (t) => (text += t),
  }, { decodeEntities: true, recognizeSelfClosing: true });
  parser.end(html);
  expect(problems, problems.join('; ')).to.deep.equal([]);
  expect(stack).to.deep.equal([]);
  return text;
}
