/**
 * Store descriptions are HTML (`<p>…</p>`) written by the business or an app through the API. The site
 * shows them as plain paragraphs, never as markup, so no stored text can run script in a visitor's page;
 * the dashboard edits the same paragraphs as plain text.
 */

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  deg: '°',
  euro: '€',
  pound: '£',
  copy: '©',
  reg: '®',
  trade: '™',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The text paragraphs of an HTML description: block ends and `<br>` break paragraphs, tags are dropped. */
export function paragraphsOf(html: string | null | undefined): string[] {
  if (!html) return [];
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|ul|ol|blockquote)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .split(/\n{2,}/)
    .map((paragraph) =>
      decodeEntities(paragraph)
        .replace(/[ \t]+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/** Plain text as it is edited: paragraphs separated by a blank line. */
export function plainTextOf(html: string | null | undefined): string {
  return paragraphsOf(html).join('\n\n');
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The HTML a plain-text description is stored as: one `<p>` per paragraph, line breaks kept. */
export function htmlOf(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escape(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
