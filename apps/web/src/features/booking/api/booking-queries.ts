import type { ServiceChoice } from '@atrium/sdk/modules/bookings';
import { useQuery } from '@tanstack/react-query';
import { bookings } from '../../../lib/bookings-api.ts';

/** The options and variants of a service, or none (the server answers 404 when it has none). */
export function useOptionsAndVariants(serviceId: string) {
  return useQuery({
    queryKey: ['bookings', 'options', serviceId],
    // A query, not the by-service get: a service without options is an empty page, not a 404.
    queryFn: async () => {
      const page = await bookings.queryServiceOptionsAndVariants().eq('serviceId', serviceId).limit(1).find();
      return page.items[0] ?? null;
    },
    staleTime: 5 * 60_000,
  });
}

export function useBookingForm(formId: string | undefined) {
  return useQuery({
    queryKey: ['bookings', 'form', formId],
    enabled: Boolean(formId),
    queryFn: () => bookings.getBookingForm(formId!),
    staleTime: 5 * 60_000,
  });
}

export function usePrice(
  serviceId: string,
  participants: number,
  choices: ServiceChoice[],
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['bookings', 'price', serviceId, participants, choices],
    enabled,
    queryFn: () =>
      bookings.previewPrice([
        { serviceId, numberOfParticipants: participants, ...(choices.length ? { choices } : {}) },
      ]),
  });
}
