export type { ConfigEdit } from '../../wire/config-form.js';

/** A replacement of `from`..`to` (offsets into one file's text) by `insert`. */
export interface TextEdit {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

/** What an edit does to the one file it lands in. */
export interface PlannedEdit {
  readonly file: string;
  readonly before: string;
  readonly after: string;
  /** What else the edit did (properties the new class does not have, dropped). */
  readonly notes: readonly string[];
}

/** An edit that cannot be written where the value is (the message says why and what to do instead). */
export class ConfigEditRefused extends Error {
  override readonly name = 'ConfigEditRefused';
}

/** The text with the edits made, the later ones first so that earlier offsets hold. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.from - a.from || b.to - a.to)) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  return out;
}
