import type { Diagnostic } from '../../util/diagnostic.js';
import { LineIndex, type SourceLocation } from '../../util/source-location.js';
import type {
  AutowireMode, BeanDefinition, BeanFileModel, ConstructorArg, ImportDeclaration, MapEntry, PropertyDefinition, ValueNode,
} from '../definitions/bean-definition.js';
import { AnonymousIds } from './anonymous-ids.js';
import { attributeValueOffset, decodeXmlText, startTagEnd } from './xml-text.js';
import { xmlTooDeepAt } from './xml-nesting-depth.js';

import { XMLParser, XMLValidator } from 'fast-xml-parser';

type XNode = Record<string, unknown>;
const META = XMLParser.getMetaDataSymbol();
const AUTOWIRE: readonly string[] = ['default', 'no', 'byName', 'byType', 'constructor'];
const TOLERATED = new Set(['context:annotation-config', 'description', '#comment', '?xml']);
const BEAN_ATTRS = new Set(['id', 'name', 'class', 'parent', 'abstract', 'autowire', 'autowire-candidate']);
const AUTOWIRE_CANDIDATE: readonly string[] = ['true', 'false', 'default'];
const CONSTRUCTOR_ARG_ATTRS = new Set(['value', 'ref', 'index', 'name', 'type']);

export interface XmlReadOptions {
  readonly maxNestingDepth: number;
  readonly ids: AnonymousIds;
}

class InvalidBeanXml extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/**
 * Reads a Spring-style beans XML file into bean definitions in which every bean, property and
 * value knows its file, line and column. Reports the first structural problem of each kind;
 * well-formedness errors come from fast-xml-parser's validator.
 */
export function readXmlBeanFile(file: string, source: string, options: XmlReadOptions): { model?: BeanFileModel; diagnostics: Diagnostic[] } {
  const lines = new LineIndex(file, source);
  const entity = /<!ENTITY/.exec(source);
  if (entity) {
    return fail({ code: 'BC_XML_ENTITY', location: lines.locate(entity.index), message: 'entity declarations are not allowed in bean files' });
  }
  const valid = XMLValidator.validate(source, { allowBooleanAttributes: false });
  if (valid !== true) {
    return fail({ code: 'BC_XML_SYNTAX', location: { file, line: valid.err.line, column: valid.err.col }, message: valid.err.msg });
  }
  const tooDeep = xmlTooDeepAt(source, options.maxNestingDepth);
  if (tooDeep !== undefined) {
    return fail({ code: 'BC_NESTING_TOO_DEEP', location: lines.locate(tooDeep), message: `elements nest deeper than ${options.maxNestingDepth} ` +
      `levels (maxNestingDepth)` });
  }
  let tree: XNode[];
  try {
    tree = new XMLParser({
      preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false,
      parseAttributeValue: false, trimValues: false, processEntities: false, captureMetaData: true,
      ignoreDeclaration: true, ignorePiTags: true, maxNestedTags: options.maxNestingDepth,
    }).parse(source) as XNode[];
  } catch (e) {
    // The validator passed the file and the depth was checked: what is left is the parser's own, placed where it can be.
    return fail({ code: 'BC_XML_SYNTAX', location: { file }, message: (e as Error).message });
  }
  try {
    return { model: new XmlWalker(file, source, lines, options.ids).read(tree), diagnostics: [] };
  } catch (e) {
    if (e instanceof InvalidBeanXml) return fail(e.diagnostic);
    throw e;
  }
}

function fail(d: Diagnostic): { diagnostics: Diagnostic[] } {
  return { diagnostics: [d] };
}

function tagOf(node: XNode): string {
  for (const k of Object.keys(node)) if (k !== ':@') return k;
  return '';
}

class XmlWalker {
  constructor(readonly file: string, readonly source: string, readonly lines: LineIndex, readonly ids: AnonymousIds) {}

  read(tree: XNode[]): BeanFileModel {
    const roots = this.elements(tree);
    const root = roots.find((n) => tagOf(n) !== '?xml');
    if (!root || tagOf(root) !== 'beans') {
      throw this.error(root ?? tree[0], `the document element must be <beans>, found ${root ? `<${tagOf(root)}>` : 'none'}`);
    }
    const beans: BeanDefinition[] = [];
    const imports: ImportDeclaration[] = [];
    for (const child of this.elements(this.children(root))) {
      const tag = tagOf(child);
      if (tag === 'bean') beans.push(this.bean(child, undefined));
      else if (tag === 'import') imports.push({ resource: this.requiredAttr(child, 'resource'), loc: this.attrLoc(child, 'resource') });
      else if (!TOLERATED.has(tag)) throw this.error(child, `<${tag}> is not allowed in <beans>; expected <bean> or <import>`);
    }
    return { file: this.file, format: 'xml', beans, imports };
  }

  bean(node: XNode, innerPath: string | undefined): BeanDefinition {
    const attrs = this.attrs(node);
    for (const name of Object.keys(attrs)) {
      if (!BEAN_ATTRS.has(name)) throw this.error(node, `<bean> has no attribute "${name}"`, this.attrLoc(node, name));
    }
    const className = attrs.class;
    const autowire = attrs.autowire ?? 'default';
    if (!AUTOWIRE.includes(autowire)) {
      throw this.error(node, `autowire must be one of ${AUTOWIRE.join(', ')}, got "${autowire}"`, this.attrLoc(node, 'autowire'));
    }
    const candidate = attrs['autowire-candidate'];
    if (candidate !== undefined && !AUTOWIRE_CANDIDATE.includes(candidate)) {
      throw this.error(node, `autowire-candidate must be one of ${AUTOWIRE_CANDIDATE.join(', ')}, got ` +
        `"${candidate}"`, this.attrLoc(node, 'autowire-candidate'));
    }
    const explicitId = attrs.id ?? attrs.name?.split(/[,;\s]+/)[0];
    const anonymous = innerPath !== undefined || !explicitId;
    const id = innerPath ?? explicitId ?? this.ids.next(className ?? attrs.parent ?? 'bean');
    const def: BeanDefinition = {
      id, anonymous, path: id, inner: innerPath !== undefined,
      className, classLoc: className !== undefined ? this.attrLoc(node, 'class') : undefined,
      parent: attrs.parent, parentLoc: attrs.parent !== undefined ? this.attrLoc(node, 'parent') : undefined,
      abstract: attrs.abstract === 'true', autowire: autowire as AutowireMode,
      ...(candidate === 'false' ? { autowireCandidate: false } : {}),
      properties: [], loc: this.loc(node),
    };
    for (const child of this.elements(this.children(node))) {
      const tag = tagOf(child);
      if (tag === 'property') def.properties.push(this.property(child, id));
      else if (tag === 'constructor-arg') (def.constructorArgs ??= []).push(this.constructorArg(child, id, def.constructorArgs?.length ?? 0));
      else if (!TOLERATED.has(tag)) throw this.error(child, `<${tag}> is not allowed in <bean>; expected <property> or <constructor-arg>`);
    }
    return def;
  }

  property(node: XNode, beanPath: string): PropertyDefinition {
    const name = this.requiredAttr(node, 'name');
    const attrs = this.attrs(node);
    const path = `${beanPath}.${name}`;
    const children = this.elements(this.children(node)).filter((c) => !TOLERATED.has(tagOf(c)));
    const given = [attrs.value !== undefined, attrs.ref !== undefined, children.length > 0].filter(Boolean).length;
    if (given !== 1 || children.length > 1) {
      throw this.error(node, `<property name="${name}"> needs exactly one of a value attribute, a ref attribute or one child element`);
    }
    let value: ValueNode;
    if (attrs.value !== undefined) value = { kind: 'text', text: attrs.value, loc: this.attrLoc(node, 'value') };
    else if (attrs.ref !== undefined) value = { kind: 'ref', bean: attrs.ref, loc: this.attrLoc(node, 'ref') };
    else value = this.value(children[0], path);
    return { name, value, loc: this.attrLoc(node, 'name'), source: 'file' };
  }

  /** `<constructor-arg value|ref|index|name|type>` or with one value element; `type` only picks among Java overloads, and is not needed. */
  constructorArg(node: XNode, beanPath: string, position: number): ConstructorArg {
    const attrs = this.attrs(node);
    for (const name of Object.keys(attrs)) {
      if (!CONSTRUCTOR_ARG_ATTRS.has(name)) throw this.error(node, `<constructor-arg> has no attribute "${name}"`, this.attrLoc(node, name));
    }
    if (attrs.index !== undefined && !/^\d+$/.test(attrs.index)) throw this.error(node, `index must be a whole number, got ` +
      `"${attrs.index}"`, this.attrLoc(node, 'index'));
    const children = this.elements(this.children(node)).filter((c) => !TOLERATED.has(tagOf(c)));
    const given = [attrs.value !== undefined, attrs.ref !== undefined, children.length > 0].filter(Boolean).length;
    if (given !== 1 || children.length > 1) throw this.error(node, '<constructor-arg> needs exactly one of a value attribute, a ref attribute or ' +
      'one child element');
    let value: ValueNode;
    if (attrs.value !== undefined) value = { kind: 'text', text: attrs.value, loc: this.attrLoc(node, 'value') };
    else if (attrs.ref !== undefined) value = { kind: 'ref', bean: attrs.ref, loc: this.attrLoc(node, 'ref') };
    else value = this.value(children[0], `${beanPath}.${attrs.name ?? `constructor-arg[${attrs.index ?? position}]`}`);
    return { index: attrs.index === undefined ? undefined : Number(attrs.index), name: attrs.name, value, loc: this.loc(node) };
  }

  value(node: XNode, path: string): ValueNode {
    const loc = this.loc(node);
    switch (tagOf(node)) {
      case 'value':
        return { kind: 'text', text: this.text(node), loc: this.textLoc(node) };
      case 'ref':
        return { kind: 'ref', bean: this.refTarget(node), loc: this.attrLoc(node, 'bean') };
      case 'idref':
        return { kind: 'idref', bean: this.refTarget(node), loc: this.attrLoc(node, 'bean') };
      case 'bean':
        return { kind: 'bean', bean: this.bean(node, path), loc };
      case 'null':
        return { kind: 'null', loc };
      case 'list':
      case 'set':
        return { kind: 'list', items: this.elements(this.children(node)).filter((c) => tagOf(c) !== '#comment').map((c, i) => this.value(c, `${path}[${i}]`)), loc };
      case 'map':
        return { kind: 'map', entries: this.mapEntries(node, path), loc };
      case 'props':
        return { kind: 'map', entries: this.props(node), loc };
      default:
        throw this.error(node, `<${tagOf(node)}> is not a value; expected <value>, <ref>, <idref>, <bean>, <list>, <set>, <map>, <props> or <null>`);
    }
  }

  mapEntries(node: XNode, path: string): MapEntry[] {
    return this.elements(this.children(node)).filter((c) => tagOf(c) !== '#comment').map((entry) => {
      if (tagOf(entry) !== 'entry') throw this.error(entry, `<${tagOf(entry)}> is not allowed in <map>; expected <entry>`);
      const attrs = this.attrs(entry);
      const kids = this.elements(this.children(entry)).filter((c) => tagOf(c) !== '#comment');
      const keyNode = kids.find((k) => tagOf(k) === 'key');
      let key: string;
      let keyLoc: SourceLocation;
      if (attrs.key !== undefined) [key, keyLoc] = [attrs.key, this.attrLoc(entry, 'key')];
      else if (keyNode) {
        const inner = this.elements(this.children(keyNode)).find((k) => tagOf(k) === 'value');
        if (!inner) throw this.error(keyNode, '<key> must hold a <value>');
        [key, keyLoc] = [this.text(inner), this.textLoc(inner)];
      } else throw this.error(entry, '<entry> needs a key attribute or a <key> element');
      const valueKids = kids.filter((k) => tagOf(k) !== 'key');
      const entryPath = `${path}[${key}]`;
      let value: ValueNode;
      if (attrs.value !== undefined) value = { kind: 'text', text: attrs.value, loc: this.attrLoc(entry, 'value') };
      else if (attrs['value-ref'] !== undefined) value = { kind: 'ref', bean: attrs['value-ref'], loc: this.attrLoc(entry, 'value-ref') };
      else if (valueKids.length === 1) value = this.value(valueKids[0], entryPath);
      else throw this.error(entry, `<entry key="${key}"> needs exactly one value (value, value-ref or one child element)`);
      return { key, keyLoc, value };
    });
  }

  props(node: XNode): MapEntry[] {
    return this.elements(this.children(node)).filter((c) => tagOf(c) !== '#comment').map((prop) => {
      if (tagOf(prop) !== 'prop') throw this.error(prop, `<${tagOf(prop)}> is not allowed in <props>; expected <prop>`);
      const key = this.requiredAttr(prop, 'key');
      return { key, keyLoc: this.attrLoc(prop, 'key'), value: { kind: 'text', text: this.text(prop), loc: this.textLoc(prop) } };
    });
  }

  refTarget(node: XNode): string {
    const attrs = this.attrs(node);
    const target = attrs.bean ?? attrs.local;
    if (target === undefined) throw this.error(node, `<${tagOf(node)}> needs a bean attribute`);
    return target;
  }

  // --- node helpers ---

  children(node: XNode): XNode[] {
    return (node[tagOf(node)] as XNode[] | undefined) ?? [];
  }

  /** The element children; text other than white space between elements is an error. */
  elements(nodes: XNode[]): XNode[] {
    const out: XNode[] = [];
    for (const n of nodes) {
      if (!('#text' in n)) out.push(n);
      else if (String(n['#text']).trim()) throw this.error(undefined, `unexpected text "${String(n['#text']).trim().slice(0, 40)}"; text belongs ` +
        `in <value>`, this.strayTextLoc(String(n['#text'])));
    }
    return out;
  }

  strayTextLoc(text: string): SourceLocation {
    const at = this.source.indexOf(text.trim());
    return this.lines.locate(Math.max(at, 0));
  }

  text(node: XNode): string {
    const parts: string[] = [];
    for (const child of this.children(node)) {
      if ('#text' in child) parts.push(String(child['#text']));
      else if (tagOf(child) !== '#comment') throw this.error(child, `<${tagOf(child)}> is not allowed inside <${tagOf(node)}>, which holds text`);
    }
    return decodeXmlText(parts.join(''));
  }

  attrs(node: XNode): Record<string, string> {
    const raw = (node[':@'] as Record<string, string> | undefined) ?? {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (!k.startsWith('xmlns') && !k.startsWith('xsi:')) out[k] = decodeXmlText(v);
    return out;
  }

  requiredAttr(node: XNode, name: string): string {
    const v = this.attrs(node)[name];
    if (v === undefined) throw this.error(node, `<${tagOf(node)}> needs a ${name} attribute`);
    return v;
  }

  offset(node: XNode): number {
    return (node[META as unknown as string] as { startIndex: number } | undefined)?.startIndex ?? 0;
  }

  loc(node: XNode): SourceLocation {
    return this.lines.locate(this.offset(node));
  }

  attrLoc(node: XNode, name: string): SourceLocation {
    return this.lines.locate(attributeValueOffset(this.source, this.offset(node), name));
  }

  /** Where an element's text content starts: just past its start tag. */
  textLoc(node: XNode): SourceLocation {
    return this.lines.locate(startTagEnd(this.source, this.offset(node)));
  }

  error(node: XNode | undefined, message: string, location?: SourceLocation): InvalidBeanXml {
    return new InvalidBeanXml({ code: 'BC_XML_ELEMENT', message, location: location ?? (node ? this.loc(node) : { file: this.file }) });
  }
}
