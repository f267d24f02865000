/** An identifier quoted for SQL, any character kept (a double quote doubled). */
export function sqlIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A table name quoted for SQL, `schema.table` part by part (a table URL's reader has checked its characters). */
export function sqlTableName(name: string): string {
  return name.split('.').map(sqlIdentifier).join('.');
}
