/** LevelDB's table cache for a state folder, unless the state store says otherwise (LevelDB's own default is 1,000). */
export const MAX_OPEN_FILES = 128;

/** How a state folder's database is opened: keys and values as UTF-8, and at most `maxOpenFiles` tables open. */
export function levelOptions(maxOpenFiles = MAX_OPEN_FILES): { keyEncoding: 'utf8'; valueEncoding: 'utf8'; maxOpenFiles: number } {
  return { keyEncoding: 'utf8', valueEncoding: 'utf8', maxOpenFiles };
}
