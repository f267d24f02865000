import { TextDecoder } from 'node:util';
const decoders = new Map<string, TextDecoder>();

/**
 * A reusable TextDecoder for an encoding label (WHATWG's labels: `utf-8`, `latin1`, `shift_jis`,
 * …), or undefined when the label names no encoding. Decoders are cached by label; only known
 * labels are, so the cache stays small whatever pages declare.
 */
export function decoderFor(label: string): TextDecoder | undefined {
  const key = label.trim().toLowerCase();
  let decoder = decoders.get(key);
  if (decoder === undefined) {
    try {
      decoder = new TextDecoder(key);
    } catch {
      return undefined;
    }
    decoders.set(key, decoder);
  }
  return decoder;
}
