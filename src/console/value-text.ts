/** A bean's value as text: a string as it is, anything else as JSON (null, numbers, lists, references). */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '–';
  return JSON.stringify(value);
}

/**
 * What an input's text sends as a property's new value, typed like its current value: a number
 * for a number, a boolean for a boolean (`true`, `false`), else the text. Text that is not of
 * that type is sent as it is, and the service says why it refuses it.
 */
export function typedValue(text: string, current: unknown): unknown {
  const t = text.trim();
  if (typeof current === 'number' && t !== '' && Number.isFinite(Number(t))) return Number(t);
  if (typeof current === 'boolean' && (t === 'true' || t === 'false')) return t === 'true';
  return text;
}
