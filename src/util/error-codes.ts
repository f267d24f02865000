/**
 * Every error code beancrawl reports, with the one-line explanation that docs/errors.md is
 * generated from (a test keeps the two in step).
 */
export const ERROR_CODES = {
  BC_FILE_READ: 'A bean file, an imported file or a file a bean names cannot be read (missing, a folder, no permission).',
  BC_FILE_TOO_LARGE: 'A bean file is larger than `maxBeanFileBytes` (config/engine.json).',
  BC_FILE_FORMAT: 'A bean file is neither XML nor JSON (judged by extension, then by its first character), or is binary.',
  BC_XML_SYNTAX: 'The XML is not well formed.',
  BC_XML_ENTITY: 'The XML declares entities (`<!ENTITY`); they are refused, so entity-expansion attacks cannot work.',
  BC_XML_ELEMENT: 'An element or attribute that the bean format does not have, or one in the wrong place, or one missing a required attribute.',
  BC_JSON_SYNTAX: 'The JSON is not well formed (comments and trailing commas are refused).',
  BC_JSON_DUPLICATE_KEY: 'A JSON object has the same key twice.',
  BC_JSON_SHAPE: 'A JSON bean file does not have the shape `{"imports": [...], "beans": {"id": {"class": ..., "properties": {...}}}}`.',
  BC_NESTING_TOO_DEEP: 'Elements or values nest deeper than `maxNestingDepth` (config/engine.json).',
  BC_IMPORT_CYCLE: 'Bean files import each other in a cycle.',
  BC_BEAN_DUPLICATE_ID: 'Two beans have the same id.',
  BC_CLASS_UNKNOWN: 'A bean names a class that is not in the component catalog.',
  BC_CLASS_MISSING: 'A bean has neither a class nor a parent to inherit one from.',
  BC_PARENT_UNKNOWN: 'A bean names a parent bean that does not exist, or parents form a cycle.',
  BC_PROP_UNKNOWN: 'A property that the bean\'s class does not have.',
  BC_PROP_DUPLICATE: 'The same property is set twice in one bean.',
  BC_PROP_TYPE: 'A value of the wrong type (text where a bean is needed, a word where a number is needed, ...).',
  BC_PROP_RANGE: 'A value out of its allowed range, not one of the allowed choices, or not in the required format.',
  BC_PROP_REQUIRED: 'A required property is not set.',
  BC_PLACEHOLDER_UNKNOWN: 'A `${...}` placeholder that beancrawl does not know (only `${launchId}` is defined).',
  BC_REF_DANGLING: 'A reference names a bean that does not exist.',
  BC_REF_ABSTRACT: 'A reference names an abstract bean, which is never built.',
  BC_REF_KIND: 'A reference names a bean of the wrong kind (a seed module where a decide rule is needed, ...).',
  BC_REF_MISSING: 'A required collaborator is neither set nor found by autowiring.',
  BC_REF_AMBIGUOUS: 'Autowiring found several candidate beans and none has the property\'s name.',
  BC_REF_CYCLE: 'Beans refer to each other in a cycle.',
  BC_OVERRIDE_SYNTAX: 'An override line (simpleOverrides, longerOverrides, `--set`) is not `beanId.path=value`.',
  BC_OVERRIDE_PATH: 'An override path names no bean or no property.',
  BC_BEAN_INVALID: 'A bean\'s own validation failed (for example the operator contact URL is not an http(s) URL).',
  BC_JOB_NOT_FOUND: 'The job folder or bean file given on the command line does not exist or holds no bean file.',
  BC_START_FAILED: 'A bean failed to start; the beans already started were stopped again.',
  BC_START_TIMEOUT: 'A bean did not finish starting within `startTimeoutMs`.',
  BC_STOP_FAILED: 'One or more beans failed to stop; every bean was still asked to stop.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
