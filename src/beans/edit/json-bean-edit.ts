import { findNodeAtOffset, getNodePath, modify, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import { ConfigEditRefused, type TextEdit } from './config-edit.js';
import { propertiesValueEdit } from './properties-value.js';

/**
 * Edits of one bean of a JSON bean file: a value replaced where it is written, or a member added
 * or removed through jsonc-parser's `modify`, indented as the file is; the rest of the text as written.
 */
export class JsonBeanFile {
  readonly root: Node | undefined;

  constructor(readonly text: string) {
    this.root = parseTree(text, [], { allowTrailingComma: false, disallowComments: false });
  }

  /** The path of the bean whose definition the reader located at `offset` (a top-level bean's key, an inner bean's object). */
  beanPathAt(offset: number): JSONPath {
    const node = this.root && findNodeAtOffset(this.root, offset);
    const object = node?.type === 'object' ? node : node?.parent?.type === 'property' && node.parent.children?.[0] === node ? node.parent.children[1] : undefined;
    if (object?.type !== 'object') throw new ConfigEditRefused(`no bean object is where the bean was read (offset ${offset}): the file changed ` +
      `since; reload it`);
    return getNodePath(object);
  }

  /** The node at a path, if there is one. */
  nodeAt(path: JSONPath): Node | undefined {
    let node = this.root;
    for (const segment of path) {
      if (!node) return undefined;
      if (typeof segment === 'number') node = node.type === 'array' ? node.children?.[segment] : undefined;
      else node = node.type === 'object' ? node.children?.find((p) => p.children?.[0]?.value === segment)?.children?.[1] : undefined;
    }
    return node;
  }

  /** A value written at `path`: a scalar replaced as it stands, anything else (or nothing) through modify. */
  set(path: JSONPath, value: unknown): TextEdit[] {
    const node = this.nodeAt(path);
    if (node && ['string', 'number', 'boolean', 'null'].includes(node.type) && (value === null || typeof value !== 'object')) {
      return [{ from: node.offset, to: node.offset + node.length, insert: JSON.stringify(value) }];
    }
    return this.modify(path, value);
  }

  remove(path: JSONPath): TextEdit[] {
    return this.nodeAt(path) ? this.modify(path, undefined) : [];
  }

  /** Replaces the value of `key` in a string written as Java properties (simpleOverrides as one text). */
  setPropertiesEntry(stringNode: Node, key: string, value: string): TextEdit | undefined {
    const text = String(stringNode.value);
    const edit = propertiesValueEdit(text, key, value, (s) => s);
    if (!edit) return undefined;
    const next = text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
    return { from: stringNode.offset, to: stringNode.offset + stringNode.length, insert: JSON.stringify(next) };
  }

  /** The string node that starts at `offset` (where the reader located a value). */
  stringAt(offset: number): Node | undefined {
    const node = this.root && findNodeAtOffset(this.root, offset);
    return node?.type === 'string' && node.offset === offset ? node : undefined;
  }

  private modify(path: JSONPath, value: unknown): TextEdit[] {
    const edits = modify(this.text, path, value, { formattingOptions: this.formatting() });
    return edits.map((e) => ({ from: e.offset, to: e.offset + e.length, insert: e.content }));
  }

  /** The file's own indentation: tabs, or the smallest indent of a line. */
  private formatting(): { insertSpaces: boolean; tabSize: number; eol: string } {
    const eol = this.text.includes('\r\n') ? '\r\n' : '\n';
    if (/^\t/m.test(this.text)) return { insertSpaces: false, tabSize: 1, eol };
    const indents = [...this.text.matchAll(/^( +)\S/gm)].map((m) => m[1].length);
    return { insertSpaces: true, tabSize: indents.length ? Math.min(...indents) : 2, eol };
  }
}
