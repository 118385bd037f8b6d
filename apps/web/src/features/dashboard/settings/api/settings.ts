import { useQuery, useQueryClient } from '@tanstack/react-query';
import { admin } from '../../shared/api/admin-client.ts';
import { siteKey } from '../../shared/api/catalogue.ts';
import { useActionMutation, type ActionOptions } from '../../shared/use-action-mutation.ts';

const identitySettingsKey = ['dashboard', 'identity-settings'] as const;
const bookingsSettingsKey = ['dashboard', 'bookings-settings'] as const;

type SiteChange = Parameters<typeof admin.sites.updateSite>[0];
type RegistrationChange = Parameters<typeof admin.team.updateIdentitySettings>[0];
type BookingsSettingsChange = Parameters<typeof admin.bookings.updateBookingsSettings>[0];

/** The business's name, time zone and currency (read through the shared `useSite`). */
export function useUpdateSite(options: ActionOptions<unknown, SiteChange> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (change) => admin.sites.updateSite(change),
    invalidates: [siteKey],
  });
}

/** What a new time zone would do to the sessions and bookings still to come, asked before saving it. */
export function useTimeZoneChangePreview(
  options: ActionOptions<Awaited<ReturnType<typeof admin.bookings.previewTimeZoneChange>>, string> = {},
) {
  return useActionMutation({
    ...options,
    mutationFn: (timeZone: string) => admin.bookings.previewTimeZoneChange(timeZone),
  });
}

/** Who may register, and what they go through. */
export function useRegistrationSettings() {
  return useQuery({ queryKey: identitySettingsKey, queryFn: () => admin.team.getIdentitySettings() });
}

export function useUpdateRegistrationSettings() {
  const queryClient = useQueryClient();
  return useActionMutation({
    mutationFn: (change: RegistrationChange) => admin.team.updateIdentitySettings(change),
    onSuccess: (next) => queryClient.setQueryData(identitySettingsKey, next),
  });
}

/** The business hours (and the rest of the bookings settings). */
export function useBookingsSettings() {
  return useQuery({ queryKey: bookingsSettingsKey, queryFn: () => admin.bookings.getBookingsSettings() });
}

export function useUpdateBookingsSettings(options: ActionOptions<unknown, BookingsSettingsChange> = {}) {
  return useActionMutation({
    ...options,
    mutationFn: (change) => admin.bookings.updateBookingsSettings(change),
    invalidates: [bookingsSettingsKey],
  });
}
