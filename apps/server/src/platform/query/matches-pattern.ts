/** One part of a `$matches` operand: this text, or any one character of it. */
export interface MatchesSegment {
  type: 'literal' | 'anyOf';
  value: string;
}

/** A character standing for itself in both PostgreSQL's advanced regular expressions and JavaScript's. */
function literal(character: string): string {
  return /^[\p{L}\p{N}]$/u.test(character) ? character : `\\${character}`;
}

/**
 * The regular expression of a `$matches` operand (data spec §5: case-insensitive, a list of literal and
 * any-of segments): the whole value is the segments in order. Only escaped characters and non-capturing
 * groups are used, which read the same in PostgreSQL (`~`) and JavaScript; callers fold the case of both
 * the value and the pattern, as the other text operators do.
 */
export function matchesPattern(segments: readonly MatchesSegment[]): string {
  const parts = segments.map((segment) => {
    const characters = Array.from(segment.value);
    if (segment.type === 'literal') return characters.map(literal).join('');
    return `(?:${characters.map(literal).join('|')})`;
  });
  return `^${parts.join('')}$`;
}
