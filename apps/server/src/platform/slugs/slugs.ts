/** Slugs: the URL name of a service, product or collection (`deep-tissue-massage`), unique per site. */

export const maxSlugLength = 100;
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug from a name: lower case, accents dropped, anything else becomes a hyphen; `fallback` when nothing is left. */
export function slugify(name: string, fallback = 'item'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxSlugLength)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** A custom slug as given, lower-cased; undefined when it holds characters a slug may not. */
export function normaliseCustomSlug(slug: string): string | undefined {
  const lower = slug.trim().toLowerCase();
  return lower.length <= maxSlugLength && slugPattern.test(lower) ? lower : undefined;
}

/** The first free name among `base`, `base-2`, `base-3` ... */
export function nextFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base.slice(0, maxSlugLength - String(suffix).length - 1)}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
