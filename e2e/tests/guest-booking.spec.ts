import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bookDemoAppointment, ownerHeaders } from './dashboard-helpers.ts';

// A guest without an account acts on a booking from the link in their mail (issue #18, item 8): the mail
// is read as the recipient gets it (the outbox, secrets shown in this development deployment), opened as a
// page, and its button followed in a browser that has never signed in.
const suffix = Date.now().toString(36);

async function lastMailHtml(request: APIRequestContext, to: string, kind: string): Promise<string> {
  let html: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/mail/v1/outbox?to=${encodeURIComponent(to)}&kind=${kind}`, {
        headers: ownerHeaders,
      });
      html = ((await response.json()) as { messages: Array<{ html?: string }> }).messages[0]?.html;
      return Boolean(html);
    })
    .toBe(true);
  return html!;
}

/** Opens the mail as its recipient reads it and follows its action button. */
async function followMailButton(page: Page, html: string, label: string | RegExp) {
  await page.setContent(html);
  await page.getByRole('link', { name: label }).click();
  await page.waitForURL(/\/bookings\/manage\/bgt_/);
}

/** An appointment service of its own whose policy lets guests cancel and reschedule, with a demo teacher. */
async function guestFriendlyService(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const policy = await request.post('/bookings/v1/booking-policies', {
    headers: ownerHeaders,
    data: {
      bookingPolicy: {
        name: `Guests welcome ${suffix}`,
        cancellationPolicy: { enabled: true, allowAnonymous: true },
        reschedulePolicy: { enabled: true, allowAnonymous: true },
      },
    },
  });
  expect(policy.status(), await policy.text()).toBe(200);
  const policyId = ((await policy.json()) as { bookingPolicy: { id: string } }).bookingPolicy.id;
  const services = await request.post('/bookings/v2/services/query', {
    headers: ownerHeaders,
    data: { query: { filter: { type: { $eq: 'APPOINTMENT' } } } },
  });
  const demo = ((await services.json()) as { services: Array<{ staffMemberIds: string[] }> }).services.find(
    (candidate) => candidate.staffMemberIds.length > 0,
  )!;
  const name = `Guest consult ${suffix}`;
  const created = await request.post('/bookings/v2/services', {
    headers: ownerHeaders,
    data: {
      service: {
        type: 'APPOINTMENT',
        name,
        staffMemberIds: [demo.staffMemberIds[0]],
        payment: { rateType: 'FIXED', fixed: { price: { value: '45', currency: 'USD' } } },
        onlineBooking: { enabled: true },
        schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
        bookingPolicy: { id: policyId },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { id: ((await created.json()) as { service: { id: string } }).service.id, name };
}

test('a guest opens the link in the confirmation mail, sees the booking and cancels it', async ({
  browser,
  request,
}) => {
  const service = await guestFriendlyService(request);
  const email = `guest-${suffix}@example.com`;
  const start = new Date();
  start.setUTCDate(start.getUTCDate() + 12);
  start.setUTCHours(15, 0, 0, 0);
  const booked = await request.post('/bookings/v2/bookings', {
    headers: ownerHeaders,
    data: {
      booking: {
        bookedEntity: {
          slot: { serviceId: service.id, startDate: start.toISOString(), timezone: 'Asia/Tokyo' },
        },
        contactDetails: { firstName: 'Gil', lastName: 'Guest', email },
        totalParticipants: 1,
      },
      participantNotification: { notifyParticipants: true },
      flowControlSettings: { skipAvailabilityValidation: true },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  const guest = await browser.newContext();
  const page = await guest.newPage();
  await followMailButton(
    page,
    await lastMailHtml(request, email, 'bookings.confirmation'),
    'View, reschedule or cancel',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
  const card = page.getByTestId('guest-booking');
  await expect(card.getByTestId('guest-service')).toHaveText(service.name);
  await expect(card.getByTestId('guest-booking-status')).toHaveText('Confirmed');
  // Shown in the zone the customer booked in (Tokyo, UTC+9): 15:00 UTC is midnight there.
  await expect(card.getByTestId('guest-when')).toContainText(/12:00\s?AM|0:00|00:00/);
  await expect(card.getByText('Times are in Asia/Tokyo, the time zone you booked in.')).toBeVisible();
  await expect(card.getByTestId('guest-price')).toHaveText('$45');
  await expect(card.getByTestId('guest-booking-refusal')).toHaveCount(0);

  await card.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByText('Your booking was cancelled.')).toBeVisible();
  await expect(card.getByTestId('guest-booking-status')).toHaveText('Cancelled');
  await expect(card.getByTestId('guest-booking-refusal')).toHaveText(
    'This booking is no longer active, so it cannot be changed.',
  );
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await guest.close();
});

test('when the policy keeps guests from changing a booking, the page says so instead of failing', async ({
  browser,
  request,
}) => {
  const email = `guest-strict-${suffix}@example.com`;
  // The demo services keep the default policy: guests may not cancel or reschedule online.
  await bookDemoAppointment(request, { email, firstName: 'Sol', daysAhead: 13, hour: 11 });
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await followMailButton(
    page,
    await lastMailHtml(request, email, 'bookings.confirmation'),
    'View, reschedule or cancel',
  );
  const card = page.getByTestId('guest-booking');
  await expect(card.getByTestId('guest-booking-status')).toHaveText('Confirmed');
  await expect(card.getByTestId('guest-booking-refusal')).toHaveText(
    'The business does not take changes to this booking online. Contact them to cancel or move it.',
  );
  await expect(card.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

  // A link that was tampered with opens nothing, and says so.
  await page.goto(page.url().replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link does not open a booking' }),
  ).toBeVisible();
  await guest.close();
});
