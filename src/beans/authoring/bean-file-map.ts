import type { AuthoringContext, BeanFormat } from './authoring-context.js';
import { BeanIndex } from './bean-index.js';
import type { BeanOutline } from './bean-outline.js';
import type { Range } from './cursor-context.js';
import { mapJson } from './map-json.js';
import { mapXml } from './map-xml.js';

/** How a bean's id is written at a place: where the bean is declared, or where something names it. */
export type MentionKind = 'declaration' | 'ref' | 'idref' | 'parent' | 'overrideKey';

/**
 * One place a bean id is written, with its range (offsets into the text, the id alone: for an
 * override or sheet key `beanId.path`, the `beanId`). An override key's mention carries the
 * whole key too, for the property it sets.
 */
export interface BeanMention extends Range {
  readonly id: string;
  readonly kind: MentionKind;
  readonly key?: { readonly text: string; readonly from: number; readonly to: number; readonly sheet: boolean };
}

/** A name written at a place: a property's name in a bean, an imported resource. */
export interface NameAt extends Range {
  readonly name: string;
}

/** A bean as a document symbol: the whole element or object, and the range of its id (or its start). */
export interface BeanSymbol extends Range {
  readonly id?: string;
  readonly className?: string;
  readonly selection: Range;
  readonly children: readonly BeanSymbol[];
}

/** What navigation needs of a bean file: every mention of a bean id, the properties each bean writes, the imports, the beans as symbols. */
export interface BeanFileMap {
  /** In the order of the text. */
  readonly mentions: readonly BeanMention[];
  readonly symbols: readonly BeanSymbol[];
  /** The properties each bean of the file writes, at their names. */
  readonly propertyNames: ReadonlyMap<BeanOutline, readonly NameAt[]>;
  /** Each bean of the file (top-level or inner) at its element or object. */
  readonly beanRanges: ReadonlyMap<BeanOutline, Range>;
  readonly imports: readonly NameAt[];
  /** The file's beans and those of the files read with it. */
  readonly index: BeanIndex;
}

/**
 * Reads a bean file (XML or JSON, well formed or not) for go-to-definition, references, rename and
 * symbols: where each bean is declared, where references, `parent` attributes and override or
 * sheet keys name one, where each property is written. The context's other beans decide which
 * beans are override configurers and sheets (their keys name beans).
 */
export function beanFileMap(text: string, format: BeanFormat, context: AuthoringContext): BeanFileMap {
  return format === 'xml'
    ? mapXml(text, (beans) => new BeanIndex(context.registry, beans, context.otherBeans))
    : mapJson(text, (beans) => new BeanIndex(context.registry, beans, context.otherBeans));
}

/** The mention whose range holds `offset` (its end included, where a caret after a name stands). */
export function mentionAt(map: BeanFileMap, offset: number): BeanMention | undefined {
  return map.mentions.find((m) => m.from <= offset && offset <= m.to) ?? map.mentions.find((m) => m.key && m.key.from <= offset && offset <= m.key.to);
}
