import type { Service } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { usePagedList } from '../../shared/paged-list.tsx';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

type Row = WithDates<Service>;
type ServiceInput = Parameters<typeof admin.bookings.createService>[0];
type Clone = Awaited<ReturnType<typeof admin.bookings.cloneService>>;

/** Every services query of the dashboard (the shared name lists too) starts with this key. */
export const servicesKey = ['dashboard', 'services'] as const;

/** Services by name, a page at a time. */
export function useServicesPage(pageSize: number) {
  return usePagedList<Row>([...servicesKey, 'list'], () =>
    admin.bookings.queryServices().ascending('name').limit(pageSize).find(),
  );
}

/** One service, read fresh after each change the editor's tabs make; `initial` shows until it loads. */
export function useService(id: string | undefined, initial: Row | undefined) {
  return useQuery({
    queryKey: [...servicesKey, 'one', id],
    enabled: Boolean(id),
    queryFn: () => admin.bookings.getService(id!),
    initialData: initial,
  });
}

export function useBookingForms() {
  return useQuery({
    queryKey: ['dashboard', 'booking-forms'],
    queryFn: async () => (await admin.bookings.queryServiceBookingForms()).bookingForms,
  });
}

/** Whether `slug` is free for this service (`enabled` once it differs from the saved one). */
export function useSlugCheck(slug: string, serviceId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard', 'slug', slug, serviceId],
    enabled,
    queryFn: () => admin.bookings.validateSlug(slug, serviceId),
  });
}

/** Creates a service or saves `service`, then its own web address when `slug` names a new one. */
export function useSaveService(
  options: ActionOptions<Row, { service: Row | undefined; input: ServiceInput; slug: string }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: async ({ service, input, slug }) => {
      let saved = service
        ? await admin.bookings.updateService(service.id, { ...input, revision: service.revision })
        : await admin.bookings.createService(input);
      if (slug && slug !== saved.mainSlug?.name) {
        await admin.bookings.setCustomSlug(saved.id, slug);
        saved = await admin.bookings.getService(saved.id);
      }
      return saved;
    },
    invalidates: [servicesKey],
  });
}

/** Copies a service; the answer lists the parts that could not be copied. */
export function useCloneService(options: ActionOptions<Clone, Row> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (service) => admin.bookings.cloneService(service.id),
    invalidates: [servicesKey],
  });
}

export function useDeleteService(
  options: ActionOptions<unknown, { service: Row; keepSessions: boolean }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ service, keepSessions }) =>
      admin.bookings.deleteService(service.id, { preserveFutureSessionsWithParticipants: keepSessions }),
    invalidates: [servicesKey],
  });
}

/** Replaces the service's cover image and gallery. */
export function useSaveMedia(
  options: ActionOptions<unknown, { service: Row; media: NonNullable<ServiceInput['media']> }> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: ({ service, media }) =>
      admin.bookings.updateService(service.id, { revision: service.revision, media }, ['media']),
    invalidates: [servicesKey],
  });
}
