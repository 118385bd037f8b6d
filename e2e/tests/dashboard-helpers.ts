import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo owner, and the development caller header that acts as them in API set-up calls. */
export const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
export const ownerHeaders = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };

/** Signs in as the demo owner from where an owner starts, `/dashboard`. */
export async function signInAtDashboard(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

/**
 * A booking of a demo appointment service, made through the API as the business on a day of its own
 * (`daysAhead`, at `hour` UTC), with the customer notified. Returns the service it booked.
 */
export async function bookDemoAppointment(
  request: APIRequestContext,
  options: { email: string; firstName: string; daysAhead: number; hour: number },
): Promise<{ id: string; name: string }> {
  const services = await request.post('/bookings/v2/services/query', {
    headers: ownerHeaders,
    data: { query: { filter: { type: { $eq: 'APPOINTMENT' } } } },
  });
  const service = (
    (await services.json()) as { services: Array<{ id: string; name: string; staffMemberIds: string[] }> }
  ).services.find((candidate) => candidate.staffMemberIds.length > 0)!;
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + options.daysAhead);
  start.setUTCHours(options.hour, 0, 0, 0);
  const booked = await request.post('/bookings/v2/bookings', {
    headers: ownerHeaders,
    data: {
      booking: {
        bookedEntity: {
          slot: {
            serviceId: service.id,
            startDate: start.toISOString(),
            endDate: new Date(start.getTime() + 60 * 60_000).toISOString(),
            resource: { id: service.staffMemberIds[0] },
          },
        },
        contactDetails: { firstName: options.firstName, lastName: 'Test', email: options.email },
        totalParticipants: 1,
      },
      participantNotification: { notifyParticipants: true },
      flowControlSettings: { skipAvailabilityValidation: true },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return service;
}
