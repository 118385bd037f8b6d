import type { Service } from '@atrium/sdk/modules/bookings';

type Image = NonNullable<NonNullable<NonNullable<Service['media']>['mainMedia']>['image']>;

/** An image reference is a URL string or an object with a URL. */
export function mediaUrl(image: Image | undefined): string | undefined {
  if (!image) return undefined;
  return typeof image === 'string' ? image : image.url;
}

/** What the service card shows: the main image, else the cover, else the first of the gallery. */
export function thumbnailOf(service: Pick<Service, 'media'>): string | undefined {
  const media = service.media;
  return mediaUrl(media?.mainMedia?.image ?? media?.coverMedia?.image ?? media?.items?.[0]?.image);
}
