// LIKE patterns built from what a person typed: %, _ and \ in their text match themselves (Postgres's default escape
// character is the backslash).
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** "%text%", lower-cased, for `lower(column) like …`. */
export function containsPattern(text: string): string {
  return `%${likeEscape(text.toLowerCase())}%`;
}
