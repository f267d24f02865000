/** The lines of a text area that hold something, trimmed (a line starting with # is a comment). */
export function linesOf(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
}
