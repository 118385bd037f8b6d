/** `%`, `_` and the escape character itself are literal in user text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The LIKE pattern of a text operator; the caller folds case on both sides with the database's lower(). */
export function likePattern(op: 'startsWith' | 'endsWith' | 'contains', text: string): string {
  const escaped = escapeLike(text);
  if (op === 'startsWith') return `${escaped}%`;
  if (op === 'endsWith') return `%${escaped}`;
  return `%${escaped}%`;
}
