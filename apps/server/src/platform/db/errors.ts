/** PostgreSQL's unique violation (23505), as the drivers report it directly or as the cause. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | undefined;
  return (candidate?.cause?.code ?? candidate?.code) === '23505';
}
