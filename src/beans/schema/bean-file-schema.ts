import type { ComponentDescriptor, RefSpec } from '../registry/component-descriptor.js';
import { propSchema } from '../registry/props-schema.js';
import type { Registry } from '../registry/registry.js';

export const BEAN_FILE_SCHEMA_ID = 'https://beancrawl.dev/schema/bean-file.json';

/**
 * The JSON Schema of JSON bean files, generated from the registry: each bean's `properties`
 * are checked against its class's own schema (`additionalProperties: false`), so an editor
 * that reads `$schema` completes property names and flags misspelt ones.
 */
export function beanFileSchema(registry: Registry): Record<string, unknown> {
  const definitions: Record<string, unknown> = {
    ref: { type: 'object', properties: { ref: { type: 'string', description: 'The id of another bean.' } }, required: ['ref'], additionalProperties: false },
    idref: { type: 'object', properties: { idref: { type: 'string' } }, required: ['idref'], additionalProperties: false },
    beanValue: { anyOf: [{ $ref: '#/definitions/ref' }, { $ref: '#/definitions/bean' }] },
    bean: beanSchema(registry),
  };
  for (const d of registry.descriptors()) definitions[`props:${d.name}`] = propertiesSchema(d);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: BEAN_FILE_SCHEMA_ID,
    title: 'beancrawl bean file',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      description: { type: 'string' },
      imports: { type: 'array', items: { type: 'string' }, description: 'Bean files to read first, relative to this one or `classpath:`.' },
      beans: { type: 'object', additionalProperties: { $ref: '#/definitions/bean' } },
    },
    additionalProperties: false,
    definitions,
  };
}

function beanSchema(registry: Registry): Record<string, unknown> {
  const classes = registry.descriptors().flatMap((d) => [d.name, ...(d.aliases ?? [])]);
  return {
    type: 'object',
    properties: {
      class: { type: 'string', enum: classes },
      parent: { type: 'string' },
      abstract: { type: 'boolean' },
      autowire: { enum: ['default', 'no', 'byName', 'byType', 'constructor'] },
      autowireCandidate: { type: 'boolean' },
      description: { type: 'string' },
      properties: { type: 'object' },
    },
    additionalProperties: false,
    allOf: registry.descriptors().map((d) => ({
      if: { properties: { class: { enum: [d.name, ...(d.aliases ?? [])] } }, required: ['class'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, a plain object never awaited
      then: { properties: { properties: { $ref: `#/definitions/props:${d.name}` } } },
    })),
  };
}

function propertiesSchema(d: ComponentDescriptor): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(d.props)) properties[name] = orPlaceholder(withoutUnionType(propSchema(spec)));
  for (const [name, spec] of Object.entries(d.refs ?? {})) properties[name] = refSchema(spec);
  return { type: 'object', description: d.description, properties, additionalProperties: false };
}

/** A string holding `${NAME:default}` (or Spring's `#{systemEnvironment…}`), which verify converts once filled in. */
export const PLACEHOLDER_PATTERN = '\\$\\{[^}]+\\}|#\\{';

/**
 * A number or boolean property: its JSON type, or a string with a placeholder. Verify reads a
 * JSON string as a string ("5" for an integer is an error in both), but a placeholder's value
 * as text to convert, as XML's.
 */
function orPlaceholder(schema: Record<string, unknown>): Record<string, unknown> {
  if (schema.type !== 'integer' && schema.type !== 'number' && schema.type !== 'boolean') return schema;
  const { description, default: dflt, examples, ...typed } = schema;
  return {
    ...(description !== undefined ? { description } : {}), ...(dflt !== undefined ? { default: dflt } : {}), ...(examples !== undefined ? { examples } : {}),
    anyOf: [typed, { type: 'string', pattern: PLACEHOLDER_PATTERN }],
  };
}

/**
 * `"type": ["string", "object"]` as `anyOf` one type each, which Ajv's strict mode asks for
 * (strictTypes); keywords that apply to one type go with that type.
 */
function withoutUnionType(schema: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(schema.type)) return schema;
  const ANY_TYPE = new Set(['description', 'default', 'examples', 'title', 'deprecated', 'type']);
  const common: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) (ANY_TYPE.has(k) ? common : specific)[k] = v;
  delete common.type;
  const applies: Record<string, readonly string[]> = {
    string: ['minLength', 'maxLength', 'pattern', 'format'], number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
    integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'], array: ['items', 'minItems', 'maxItems', 'uniqueItems'],
    object: ['properties', 'additionalProperties', 'required', 'propertyNames', 'minProperties', 'maxProperties'],
  };
  const anyOf = (schema.type as string[]).map((type) => ({
    type, ...Object.fromEntries(Object.entries(specific).filter(([k]) => applies[type]?.includes(k))),
  }));
  return { ...common, anyOf };
}

function refSchema(spec: RefSpec): Record<string, unknown> {
  const one = { $ref: '#/definitions/beanValue' };
  const shape = spec.list ? { type: 'array', items: one } : spec.map ? { type: 'object', additionalProperties: one } : one;
  return { description: `${spec.description} (a ${spec.kind})`, ...shape };
}
