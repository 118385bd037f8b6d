import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { screenshotDir, viewports } from './screenshots.ts';

// The owner's calendar: class sessions booked from it, and the resource and status filters. Data is prepared
// as the owner through the development credentials header; the calendar is driven as the signed-in owner.
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const suffix = Date.now().toString(36);
// The demo site runs in UTC; so does the browser, so calendar times and API times read the same.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

interface EventSlot {
  serviceId: string;
  localStartDate: string;
  totalCapacity: number;
  remainingCapacity: number;
  eventInfo: { eventId: string };
}

async function capture(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(viewports.desktop);
  for (const close of await page.locator('.mantine-Notification-closeButton').all()) {
    await close.click().catch(() => undefined);
  }
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  // The panel dims only the viewport: a shot of the viewport, as a person sees it.
  await page.screenshot({ path: path.join(screenshotDir, `dashboard-${name}-desktop.png`) });
}

async function signIn(page: Page) {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(ownerLogin.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ownerLogin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

/** The calendar's day view of `day` (`YYYY-MM-DD`), with everything loaded. */
async function openDay(page: Page, day: string) {
  await page.goto(`/dashboard/calendar?date=${day}`);
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await page.getByRole('tab', { name: 'Day view' }).click();
  await expect(page.getByText('Loading…')).toHaveCount(0);
}

/** `YYYY-MM-DD` of the first Monday-to-Friday at least `days` ahead. */
function weekdayAhead(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function post<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await request.post(url, { headers: owner, data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function serviceNamed(request: APIRequestContext, name: string) {
  const { services } = await post<{ services: Array<{ id: string; name: string }> }>(
    request,
    '/bookings/v2/services/query',
    { query: { filter: { name } } },
  );
  expect(services).toHaveLength(1);
  return services[0]!;
}

async function sessionsOf(request: APIRequestContext, serviceId: string, from: string, days: number) {
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 19);
  const { timeSlots } = await post<{ timeSlots: EventSlot[] }>(request, '/bookings/v2/time-slots/event', {
    fromLocalDate: `${from}T00:00:00`,
    toLocalDate: to,
    timeZone: 'UTC',
    serviceIds: [serviceId],
    includeNonBookable: true,
  });
  return timeSlots;
}

/** A class of one spot with a session on `day` at `hour` UTC, under a policy with `waitlist` places (0: none). */
async function tinyClass(
  request: APIRequestContext,
  name: string,
  day: string,
  hour: number,
  waitlist: number,
) {
  const policy =
    waitlist > 0
      ? await post<{ bookingPolicy: { id: string } }>(request, '/bookings/v1/booking-policies', {
          bookingPolicy: { name: `${name} policy`, waitlistPolicy: { enabled: true, capacity: waitlist } },
        })
      : undefined;
  const { service } = await post<{ service: { id: string } }>(request, '/bookings/v2/services', {
    service: {
      type: 'CLASS',
      name,
      defaultCapacity: 1,
      payment: { rateType: 'FIXED', fixed: { price: { value: '15.00', currency: 'USD' } } },
      ...(policy ? { bookingPolicy: { id: policy.bookingPolicy.id } } : {}),
    },
  });
  const start = new Date(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`);
  const { session } = await post<{ session: { id: string } }>(
    request,
    `/bookings/v2/services/${service.id}/schedule/sessions`,
    {
      session: {
        startDate: start.toISOString(),
        endDate: new Date(start.getTime() + 3_600_000).toISOString(),
        capacity: 1,
      },
    },
  );
  return { serviceId: service.id, sessionId: session.id, start };
}

async function bookingsOf(request: APIRequestContext, filter: Record<string, unknown>) {
  const { extendedBookings } = await post<{
    extendedBookings: Array<{
      booking: { id: string; status: string; bookedEntity: { slot?: { eventId?: string | null } } };
    }>;
  }>(request, '/bookings/v2/extended-bookings/query', { query: { filter } });
  return extendedBookings.map((item) => item.booking);
}

async function fillParticipant(page: Page, firstName: string, lastName: string, email: string) {
  const form = page.getByRole('form', { name: /Add participant|Add to waitlist/ });
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Last name').fill(lastName);
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  return form;
}

test.describe.serial('owner calendar: class sessions and filters', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the owner adds a customer to a class session from the calendar', async ({ page, request }) => {
    const vinyasa = await serviceNamed(request, 'Morning vinyasa');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const session = (await sessionsOf(request, vinyasa.id, tomorrow, 14)).find(
      (slot) => slot.remainingCapacity > 0,
    );
    expect(session, 'a seeded vinyasa session with free spots').toBeTruthy();
    const day = session!.localStartDate.slice(0, 10);
    const { totalCapacity, remainingCapacity } = session!;

    await signIn(page);
    await openDay(page, day);
    await page.getByText(/^Morning vinyasa · /).click();
    const panel = page.getByTestId('session-panel');
    await expect(panel.getByRole('heading', { name: 'Morning vinyasa' })).toBeVisible();
    await expect(panel.getByText('Maya Cohen').first()).toBeVisible();
    const spotsLeft = panel.getByTestId('session-spots-left');
    await expect(spotsLeft).toHaveText(`${remainingCapacity} of ${totalCapacity}`);

    // The policy allows one participant per booking: the server's refusal is shown in the form.
    const email = `cleo-${suffix}@example.com`;
    const form = await fillParticipant(page, 'Cleo', 'Class', email);
    await form.getByLabel('Participants').fill('3');
    await form.getByRole('button', { name: 'Add participant' }).click();
    await expect(form.getByRole('alert')).toContainText('The booking policy allows fewer participants');
    await expect(spotsLeft).toHaveText(`${remainingCapacity} of ${totalCapacity}`);

    await form.getByLabel('Participants').fill('1');
    await form.getByLabel('Phone').fill('+44 20 7946 0102');
    await form.getByRole('button', { name: 'Add participant' }).click();
    await expect(page.getByText('Participant added.')).toBeVisible();
    await expect(spotsLeft).toHaveText(`${remainingCapacity - 1} of ${totalCapacity}`);
    const participants = panel.getByTestId('session-participants');
    await expect(participants.getByRole('button', { name: 'Cleo Class' })).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue('');
    await capture(page, 'calendar-class-session');

    const [booked] = await bookingsOf(request, { 'contactDetails.email': email });
    expect(booked).toMatchObject({
      status: 'CONFIRMED',
      bookedEntity: { slot: { eventId: session!.eventInfo.eventId } },
    });
    const after = (await sessionsOf(request, vinyasa.id, day, 1)).find(
      (slot) => slot.eventInfo.eventId === session!.eventInfo.eventId,
    );
    expect(after?.remainingCapacity).toBe(remainingCapacity - 1);
    // The calendar block counts the new participant too.
    await expect(
      page.getByText(`Morning vinyasa · ${totalCapacity - remainingCapacity + 1}/${totalCapacity} booked`),
    ).toBeAttached();

    // A participant opens their booking; closing it comes back to the session.
    await participants.getByRole('button', { name: 'Cleo Class' }).click();
    const drawer = page.getByRole('dialog', { name: 'Booking' });
    await expect(drawer.getByRole('cell', { name: email })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(panel.getByTestId('session-spots-left')).toBeVisible();
  });

  test('a full class offers its waitlist, and a full class without one refuses', async ({
    page,
    request,
  }) => {
    const day = weekdayAhead(4);
    const waitlisted = `Small group ${suffix}`;
    const closed = `Private class ${suffix}`;
    const withWaitlist = await tinyClass(request, waitlisted, day, 15, 2);
    const without = await tinyClass(request, closed, day, 18, 0);
    for (const [klass, name] of [
      [withWaitlist, 'Fay'],
      [without, 'Gus'],
    ] as const) {
      await post(request, '/bookings/v2/bookings', {
        booking: {
          bookedEntity: {
            slot: {
              serviceId: klass.serviceId,
              startDate: klass.start.toISOString(),
              eventId: klass.sessionId,
            },
          },
          contactDetails: {
            firstName: name,
            lastName: 'Full',
            email: `${name.toLowerCase()}-${suffix}@example.com`,
          },
          totalParticipants: 1,
        },
      });
    }

    await signIn(page);
    await openDay(page, day);
    const panel = page.getByTestId('session-panel');
    await page.getByText(`${closed} · Full (1/1)`).click();
    await expect(panel.getByTestId('session-spots-left')).toHaveText('0 of 1');
    await expect(panel.getByTestId('session-closed')).toHaveText(
      'This session is full and its booking policy keeps no waitlist, so nobody more can be added.',
    );
    await expect(panel.getByRole('button', { name: 'Add participant' })).toHaveCount(0);
    await capture(page, 'calendar-class-session-full');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await page.getByText(`${waitlisted} · Full (1/1)`).click();
    await expect(panel.getByTestId('session-waitlist')).toHaveText('2 of 2 free');
    const email = `wendy-${suffix}@example.com`;
    const form = await fillParticipant(page, 'Wendy', 'Wait', email);
    await form.getByRole('button', { name: 'Add to waitlist' }).click();
    await expect(page.getByText('Added to the waitlist.')).toBeVisible();
    await expect(panel.getByTestId('session-waitlist')).toHaveText('1 of 2 free');
    const row = panel.getByTestId('session-participants').getByRole('row', { name: /Wendy Wait/ });
    await expect(row.getByText('Waitlist')).toBeVisible();
    await expect(panel.getByText('1 person · 1 waiting')).toBeVisible();
    await capture(page, 'calendar-class-session-waitlist');
    const [onList] = await bookingsOf(request, { 'contactDetails.email': email });
    expect(onList?.status).toBe('WAITING_LIST');
    await page.keyboard.press('Escape');

    // The status filter asks about bookings: sessions give way to the matching bookings themselves.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Waitlist' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText(`Wendy Wait · ${waitlisted}`)).toBeVisible();
    await expect(page.getByText(`Fay Full · ${waitlisted}`)).toHaveCount(0);
    await expect(page.getByText(`${waitlisted} · Full (1/1)`)).toHaveCount(0);
  });

  test('the resource filter shows the bookings that hold a room', async ({ page, request }) => {
    const { resourceType } = await post<{ resourceType: { id: string } }>(
      request,
      '/bookings/v2/resources/resource-types',
      { resourceType: { name: `Treatment room ${suffix}` } },
    );
    const room = async (name: string) =>
      (
        await post<{ resource: { id: string } }>(request, '/bookings/v2/resources', {
          resource: { name, typeId: resourceType.id },
        })
      ).resource.id;
    const blue = await room(`Blue room ${suffix}`);
    const green = await room(`Green room ${suffix}`);
    const workingHours = ['MON', 'TUE', 'WED', 'THU', 'FRI'].map((weekday) => ({
      weekday,
      startTime: '09:00',
      endTime: '17:00',
    }));
    const staff: string[] = [];
    for (const name of ['Iris', 'Jon']) {
      const { staffMember } = await post<{ staffMember: { id: string } }>(
        request,
        '/bookings/v1/staff-members',
        {
          staffMember: {
            name: `${name} ${suffix}`,
            email: `${name.toLowerCase()}-${suffix}@example.com`,
            workingHours,
          },
        },
      );
      staff.push(staffMember.id);
    }
    const massage = `Massage ${suffix}`;
    const { service } = await post<{ service: { id: string } }>(request, '/bookings/v2/services', {
      service: {
        type: 'APPOINTMENT',
        name: massage,
        payment: { rateType: 'FIXED', fixed: { price: { value: '50.00', currency: 'USD' } } },
        schedule: { availabilityConstraints: { durations: [{ minutes: 60 }] } },
        staffMemberIds: staff,
        serviceResources: [{ resourceType: { id: resourceType.id }, resourceIds: { values: [blue, green] } }],
      },
    });
    // Two customers at the same time: each booking takes one of the two rooms.
    const day = weekdayAhead(5);
    const start = `${day}T11:00:00.000Z`;
    const held = new Map<string, string>();
    for (const [index, name] of ['Kim', 'Lou'].entries()) {
      const { booking } = await post<{
        booking: { bookedEntity: { slot: { resources: Array<{ id: string }> } } };
      }>(request, '/bookings/v2/bookings', {
        booking: {
          bookedEntity: { slot: { serviceId: service.id, startDate: start, resource: { id: staff[index] } } },
          contactDetails: {
            firstName: name,
            lastName: 'Room',
            email: `${name.toLowerCase()}-${suffix}@example.com`,
          },
          totalParticipants: 1,
        },
      });
      held.set(name, booking.bookedEntity.slot.resources[0]!.id);
    }
    expect(new Set(held.values())).toEqual(new Set([blue, green]));
    const inBlue = held.get('Kim') === blue ? 'Kim' : 'Lou';
    const inGreen = inBlue === 'Kim' ? 'Lou' : 'Kim';

    await signIn(page);
    await openDay(page, day);
    await expect(page.getByText(`${inBlue} Room · ${massage}`)).toBeVisible();
    await expect(page.getByText(`${inGreen} Room · ${massage}`)).toBeVisible();
    await page.getByRole('combobox', { name: 'Resource' }).click();
    await page.getByRole('option', { name: `Blue room ${suffix}` }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText(`${inGreen} Room · ${massage}`)).toHaveCount(0);
    await expect(page.getByText(`${inBlue} Room · ${massage}`)).toBeVisible();
    // Sessions hold no rooms: they are not drawn under a resource filter.
    await expect(page.locator('.atrium-session')).toHaveCount(0);
  });
});
