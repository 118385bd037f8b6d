import type { SiteService } from '../../../lib/site-services.ts';

export function imageUrlOf(service: SiteService): string | undefined {
  const image =
    service.media?.mainMedia?.image ?? service.media?.coverMedia?.image ?? service.media?.items?.[0]?.image;
  if (!image) return undefined;
  return typeof image === 'string' ? image : image.url;
}

const gradients = [
  ['#0f766e', '#34d399'],
  ['#4338ca', '#a78bfa'],
  ['#b45309', '#fbbf24'],
  ['#be123c', '#fb7185'],
  ['#0369a1', '#38bdf8'],
];

/** A stable, pleasant gradient for services without a photo. */
export function gradientFor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const [from, to] = gradients[hash % gradients.length]!;
  return `linear-gradient(135deg, ${from}, ${to})`;
}
