import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from '../../util/diagnostic.js';
import { LineIndex, type SourceLocation } from '../../util/source-location.js';
import type { AutowireMode, BeanDefinition, BeanFileModel, MapEntry, PropertyDefinition, ValueNode } from '../definitions/bean-definition.js';
import { jsonNestingDepth } from './json-nesting-depth.js';

const BEAN_KEYS = new Set(['class', 'parent', 'abstract', 'autowire', 'autowireCandidate', 'properties', 'description']);
const FILE_KEYS = new Set(['$schema', 'imports', 'beans', 'description']);
const AUTOWIRE: readonly string[] = ['default', 'no', 'byName', 'byType', 'constructor'];

class InvalidBeanJson extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/**
 * Reads a JSON bean file: `{"imports": [...], "beans": {"id": {"class", "parent", "abstract",
 * "autowire", "properties": {...}}}}`. A value `{"ref": "id"}` is a reference, `{"idref": "id"}`
 * a bean name, an object with `class` or `parent` an inner bean, any other object a map.
 * Comments, trailing commas and duplicate keys are refused, with their positions.
 */
export function readJsonBeanFile(file: string, source: string, options: { maxNestingDepth: number }): { model?: BeanFileModel; diagnostics: Diagnostic[] } {
  const lines = new LineIndex(file, source);
  const depth = jsonNestingDepth(source, options.maxNestingDepth);
  if (depth.tooDeepAt !== undefined) {
    return { diagnostics: [{ code: 'BC_NESTING_TOO_DEEP', location: lines.locate(depth.tooDeepAt), message: `values nest deeper than ` +
      `${options.maxNestingDepth} levels (maxNestingDepth)` }] };
  }
  const errors: ParseError[] = [];
  const root = parseTree(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length) {
    const comma = trailingComma(source, errors[0].offset);
    if (comma !== undefined) {
      return { diagnostics: [{ code: 'BC_JSON_SYNTAX', location: lines.locate(comma), message: `trailing comma before ` +
        `"${source[errors[0].offset]}": JSON allows none; remove it` }] };
    }
    return {
      diagnostics: errors.slice(0, 1).map((e) => ({
        code: 'BC_JSON_SYNTAX' as const, location: lines.locate(e.offset), message: describeJsonError(printParseErrorCode(e.error)),
      })),
    };
  }
  try {
    return { model: new JsonWalker(file, lines).read(root), diagnostics: [] };
  } catch (e) {
    if (e instanceof InvalidBeanJson) return { diagnostics: [e.diagnostic] };
    throw e;
  }
}

/** The offset of a comma that only whitespace separates from the `}` or `]` where parsing failed, or undefined. */
function trailingComma(source: string, offset: number): number | undefined {
  if (source[offset] !== '}' && source[offset] !== ']') return undefined;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(source[i])) i--;
  return source[i] === ',' ? i : undefined;
}

function describeJsonError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return code === 'InvalidCommentToken' ? 'comments are not allowed in JSON bean files' : words;
}

class JsonWalker {
  constructor(readonly file: string, readonly lines: LineIndex) {}

  read(root: Node | undefined): BeanFileModel {
    if (root?.type !== 'object') throw this.shape(root, 'a JSON bean file must be an object with "beans"');
    const top = this.members(root, FILE_KEYS, 'the file');
    const imports = (top.get('imports') ? this.array(top.get('imports')!, 'imports') : []).map((n) => ({
      resource: this.string(n, 'an import'), loc: this.loc(n),
    }));
    const beansNode = top.get('beans');
    const beans: BeanDefinition[] = [];
    if (beansNode) {
      if (beansNode.type !== 'object') throw this.shape(beansNode, '"beans" must be an object of bean id to bean');
      this.checkDuplicates(beansNode);
      for (const prop of beansNode.children ?? []) {
        const [key, value] = prop.children as [Node, Node];
        beans.push(this.bean(value, String(key.value), false, this.loc(key)));
      }
    }
    return { file: this.file, format: 'json', beans, imports };
  }

  bean(node: Node, id: string, inner: boolean, loc: SourceLocation): BeanDefinition {
    if (node.type !== 'object') throw this.shape(node, `bean "${id}" must be an object with "class" and "properties"`);
    const m = this.members(node, BEAN_KEYS, `bean "${id}"`);
    const autowire = m.get('autowire') ? this.string(m.get('autowire')!, '"autowire"') : 'default';
    if (!AUTOWIRE.includes(autowire)) throw this.shape(m.get('autowire'), `"autowire" must be one of ${AUTOWIRE.join(', ')}`);
    const abstract = m.get('abstract');
    if (abstract && abstract.type !== 'boolean') throw this.shape(abstract, '"abstract" must be true or false');
    const candidate = m.get('autowireCandidate');
    if (candidate && candidate.type !== 'boolean') throw this.shape(candidate, '"autowireCandidate" must be true or false');
    const def: BeanDefinition = {
      id, anonymous: inner, path: id, inner,
      className: m.get('class') ? this.string(m.get('class')!, '"class"') : undefined,
      classLoc: m.get('class') ? this.loc(m.get('class')!) : undefined,
      parent: m.get('parent') ? this.string(m.get('parent')!, '"parent"') : undefined,
      parentLoc: m.get('parent') ? this.loc(m.get('parent')!) : undefined,
      abstract: abstract?.value === true, autowire: autowire as AutowireMode, properties: [], loc,
      ...(candidate?.value === false ? { autowireCandidate: false } : {}),
    };
    const props = m.get('properties');
    if (props) {
      if (props.type !== 'object') throw this.shape(props, '"properties" must be an object');
      this.checkDuplicates(props);
      for (const p of props.children ?? []) def.properties.push(this.property(p, id));
    }
    return def;
  }

  property(prop: Node, beanPath: string): PropertyDefinition {
    const [key, value] = prop.children as [Node, Node];
    const name = String(key.value);
    return { name, value: this.value(value, `${beanPath}.${name}`), loc: this.loc(key), source: 'file' };
  }

  value(node: Node, path: string): ValueNode {
    const loc = this.loc(node);
    switch (node.type) {
      case 'string':
        return { kind: 'text', text: node.value as string, loc, quoted: true };
      case 'number':
      case 'boolean':
        return { kind: 'literal', value: node.value as number | boolean, loc };
      case 'null':
        return { kind: 'null', loc };
      case 'array':
        return { kind: 'list', items: (node.children ?? []).map((c, i) => this.value(c, `${path}[${i}]`)), loc };
      default:
        return this.objectValue(node, path, loc);
    }
  }

  objectValue(node: Node, path: string, loc: SourceLocation): ValueNode {
    const keys = (node.children ?? []).map((p) => String(p.children![0].value));
    this.checkDuplicates(node);
    if (keys.length === 1 && (keys[0] === 'ref' || keys[0] === 'idref')) {
      const target = node.children![0].children![1];
      return { kind: keys[0], bean: this.string(target, `"${keys[0]}"`), loc: this.loc(target) };
    }
    if (keys.includes('class') || keys.includes('parent')) return { kind: 'bean', bean: this.bean(node, path, true, loc), loc };
    const entries: MapEntry[] = (node.children ?? []).map((p) => {
      const [k, v] = p.children as [Node, Node];
      return { key: String(k.value), keyLoc: this.loc(k), value: this.value(v, `${path}[${String(k.value)}]`) };
    });
    return { kind: 'map', entries, loc };
  }

  members(node: Node, allowed: Set<string>, what: string): Map<string, Node> {
    this.checkDuplicates(node);
    const out = new Map<string, Node>();
    for (const p of node.children ?? []) {
      const [k, v] = p.children as [Node, Node];
      if (!allowed.has(String(k.value))) {
        throw this.shape(k, `${what} has no key "${String(k.value)}"; expected ${[...allowed].map((a) => `"${a}"`).join(', ')}`);
      }
      out.set(String(k.value), v);
    }
    return out;
  }

  checkDuplicates(node: Node): void {
    const seen = new Set<string>();
    for (const p of node.children ?? []) {
      const k = p.children![0];
      const key = String(k.value);
      if (seen.has(key)) throw new InvalidBeanJson({ code: 'BC_JSON_DUPLICATE_KEY', location: this.loc(k), message: `duplicate key "${key}"` });
      seen.add(key);
    }
  }

  array(node: Node, what: string): Node[] {
    if (node.type !== 'array') throw this.shape(node, `"${what}" must be an array`);
    return node.children ?? [];
  }

  string(node: Node, what: string): string {
    if (node.type !== 'string') throw this.shape(node, `${what} must be a string`);
    return node.value as string;
  }

  loc(node: Node): SourceLocation {
    return this.lines.locate(node.offset);
  }

  shape(node: Node | undefined, message: string): InvalidBeanJson {
    return new InvalidBeanJson({ code: 'BC_JSON_SHAPE', location: node ? this.loc(node) : { file: this.file }, message });
  }
}
