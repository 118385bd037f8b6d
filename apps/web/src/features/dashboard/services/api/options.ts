import type { ServiceOptionsAndVariants } from '@atrium/sdk/modules/bookings';
import type { WithDates } from '@atrium/sdk';
import { useQuery } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { errorCode } from '../../shared/errors.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';
import { servicesKey } from './services.ts';

type OptionsBody = Omit<Parameters<typeof admin.bookings.createServiceOptionsAndVariants>[0], 'serviceId'>;

const optionsKey = (serviceId: string) => ['dashboard', 'service-options', serviceId] as const;

/** The service's options and a price per combination, or null when it has none. */
export function useServiceOptions(serviceId: string) {
  return useQuery({
    queryKey: optionsKey(serviceId),
    queryFn: async () => {
      try {
        return await admin.bookings.getServiceOptionsAndVariantsByServiceId(serviceId);
      } catch (error) {
        // A service without options answers 404: nothing saved yet.
        if (errorCode(error) === 'NOT_FOUND' || (error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });
}

/** Saves the options and prices over what was `saved`; a null `body` removes them all. */
export function useSaveServiceOptions(
  serviceId: string,
  options: ActionOptions<
    unknown,
    { saved: WithDates<ServiceOptionsAndVariants> | null; body: OptionsBody | null }
  > = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: async ({ saved, body }) => {
      if (!body) {
        if (saved) await admin.bookings.deleteServiceOptionsAndVariants(saved.id);
        return;
      }
      if (saved)
        await admin.bookings.updateServiceOptionsAndVariants(saved.id, { ...body, revision: saved.revision });
      else await admin.bookings.createServiceOptionsAndVariants({ ...body, serviceId });
    },
    invalidates: [optionsKey(serviceId), servicesKey],
  });
}
