import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { screenshotDir, viewports } from './screenshots.ts';

// The server runs with NODE_ENV=development: the test prepares data as the owner through the development
// credentials header, and drives the dashboard itself as a real signed-in owner or staff user.
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };
const ownerLogin = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const suffix = Date.now().toString(36);
const staffName = `Dana ${suffix}`;
const serviceName = `Deep tissue ${suffix}`;

/** The dashboard screens are for desktop: one full-page shot each at desktop width. */
async function capture(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.setViewportSize(viewports.desktop);
  // The pointer rests in a corner, so no tooltip or hover state shows in the shot.
  await page.mouse.move(0, 0);
  await page.waitForLoadState('networkidle');
  // Shots of finished screens, not of spinners.
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  await page.screenshot({ path: path.join(screenshotDir, `dashboard-${name}-desktop.png`), fullPage: true });
}

async function signIn(page: Page, login: { email: string; password: string }) {
  await page.setViewportSize(viewports.desktop);
  await page.goto('/dashboard/sign-in');
  await page.getByLabel('Email').fill(login.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
}

async function nav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name }).click();
}

/** A day two days ahead, at the given UTC hour (the browser here runs in the machine's zone). */
function slotAt(hour: number) {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  day.setUTCHours(hour, 0, 0, 0);
  return day;
}

async function book(
  request: APIRequestContext,
  serviceId: string,
  staffId: string,
  start: Date,
  firstName: string,
) {
  const response = await request.post('/bookings/v2/bookings', {
    headers: owner,
    data: {
      booking: {
        bookedEntity: {
          slot: {
            serviceId,
            startDate: start.toISOString(),
            endDate: new Date(start.getTime() + 60 * 60_000).toISOString(),
            resource: { id: staffId },
          },
        },
        contactDetails: {
          firstName,
          lastName: 'Visitor',
          email: `${firstName.toLowerCase()}-${suffix}@example.com`,
        },
        totalParticipants: 1,
      },
      flowControlSettings: { skipAvailabilityValidation: true },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { booking } = (await response.json()) as { booking: { id: string; status: string } };
  return booking;
}

test.describe.serial('owner dashboard', () => {
  // The machine running these is shared and slow; each test walks several screens.
  test.describe.configure({ timeout: 120_000 });
  let serviceId = '';
  let staffId = '';

  test('the owner creates a staff member with working hours and a service', async ({ page, request }) => {
    await signIn(page, ownerLogin);
    await capture(page, 'home-empty');

    await nav(page, 'Staff');
    await page.getByRole('button', { name: 'New staff member' }).click();
    const staffDialog = page.getByRole('dialog');
    await staffDialog.getByLabel('Name').fill(staffName);
    await staffDialog.getByLabel('Email').fill(`dana-${suffix}@example.com`);
    // Weekdays start at 09:00–17:00; Saturday mornings are added.
    await staffDialog.getByRole('switch', { name: 'Saturday' }).check({ force: true });
    await staffDialog.getByLabel('Saturday until').fill('13:00');
    await capture(page, 'staff-new');
    await staffDialog.getByRole('button', { name: 'Add staff member' }).click();
    await expect(page.getByText(staffName)).toBeVisible();
    await capture(page, 'staff');

    const staffAnswer = await request.post('/bookings/v1/staff-members/query', {
      headers: owner,
      data: { query: {} },
    });
    const staffList = (await staffAnswer.json()) as {
      staffMembers: Array<{
        id: string;
        name: string;
        workingHours: Array<{ weekday: string; endTime: string }>;
      }>;
    };
    const created = staffList.staffMembers.find((member) => member.name === staffName);
    expect(created?.workingHours.find((period) => period.weekday === 'SAT')?.endTime).toBe('13:00');
    staffId = created!.id;

    await nav(page, 'Services');
    await page.getByRole('button', { name: 'New service' }).click();
    const serviceDialog = page.getByRole('dialog');
    await serviceDialog.getByRole('textbox', { name: 'Name', exact: true }).fill(serviceName);
    await serviceDialog.getByRole('textbox', { name: 'Price', exact: true }).fill('65');
    await serviceDialog.getByRole('textbox', { name: 'Web address' }).fill(`deep-tissue-${suffix}`);
    await serviceDialog.getByRole('combobox', { name: 'Staff' }).click();
    await page.getByRole('option', { name: staffName }).click();
    // Closing the staff dropdown first: it covers the switches below it.
    await serviceDialog.getByRole('heading', { name: 'New service' }).click();
    await serviceDialog.getByRole('switch', { name: 'I approve each booking myself' }).click({ force: true });
    await expect(serviceDialog.getByRole('switch', { name: 'I approve each booking myself' })).toBeChecked();
    await capture(page, 'service-new');
    await serviceDialog.getByRole('button', { name: 'Create service' }).click();
    await expect(page.getByRole('cell', { name: new RegExp(`^${serviceName}`) })).toBeVisible();
    await capture(page, 'services');

    const serviceAnswer = await request.post('/bookings/v2/services/query', {
      headers: owner,
      data: { query: { filter: { name: { $eq: serviceName } } } },
    });
    const services = (await serviceAnswer.json()) as {
      services: Array<{
        id: string;
        staffMemberIds: string[];
        onlineBooking?: { requireManualApproval?: boolean };
      }>;
    };
    expect(services.services).toHaveLength(1);
    expect(services.services[0]!.staffMemberIds).toEqual([staffId]);
    expect(services.services[0]!.onlineBooking?.requireManualApproval).toBe(true);
    serviceId = services.services[0]!.id;
  });

  test('the owner sees a booking on the calendar, confirms it and marks attendance', async ({
    page,
    request,
  }) => {
    const start = slotAt(10);
    const booking = await book(request, serviceId, staffId, start, 'Eve');
    expect(booking.status).toBe('PENDING');

    await signIn(page, ownerLogin);
    await page.goto(`/dashboard/calendar?date=${start.toISOString().slice(0, 10)}`);
    const event = page.getByText(`Eve Visitor · ${serviceName}`);
    await expect(event).toBeVisible();
    await capture(page, 'calendar');

    await event.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('cell', { name: `eve-${suffix}@example.com` })).toBeVisible();
    await capture(page, 'booking-details');
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await expect(drawer.getByText('Confirmed', { exact: true })).toBeVisible();
    await drawer.getByText('Attended', { exact: true }).click();
    await expect(page.getByText('Attendance saved.')).toBeVisible();

    const check = await request.post('/bookings/v2/extended-bookings/query', {
      headers: owner,
      data: { query: { filter: { id: booking.id } }, withBookingAttendanceInfo: true },
    });
    const [extended] = (
      (await check.json()) as {
        extendedBookings: Array<{
          booking: { status: string };
          attendanceInfo?: { attendanceStatus: string };
        }>;
      }
    ).extendedBookings;
    expect(extended?.booking.status).toBe('CONFIRMED');
    expect(extended?.attendanceInfo?.attendanceStatus).toBe('ATTENDED');
  });

  test('a pending booking is approved from the home page, and the bookings list shows it', async ({
    page,
    request,
  }) => {
    await book(request, serviceId, staffId, slotAt(13), 'Finn');
    await signIn(page, ownerLogin);
    const row = page.getByTestId('pending-approval').filter({ hasText: 'Finn Visitor' });
    await expect(row).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible({ timeout: 30_000 });
    await capture(page, 'home');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Booking confirmed.')).toBeVisible();
    await expect(row).toHaveCount(0);

    await nav(page, 'Bookings');
    const listRow = page.getByRole('row', { name: /Finn Visitor/ });
    await expect(listRow.getByText('Confirmed')).toBeVisible();
    await capture(page, 'bookings');

    for (const [link, name] of [
      ['Policies', 'policies'],
      ['Settings', 'settings'],
      ['Team', 'team'],
      ['API keys', 'api-keys'],
    ] as const) {
      await nav(page, link);
      await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
      await capture(page, name);
    }
  });

  test('a staff user sees no settings and cannot open them', async ({ page, request }) => {
    const email = `staff-${suffix}@example.com`;
    const password = 'staff-password-1';
    const invite = await request.post('/identity/v1/staff/invitations', {
      headers: owner,
      data: { email, role: 'STAFF' },
    });
    expect(invite.status()).toBe(200);
    let token = '';
    await expect
      .poll(async () => {
        const mail = await request.get(
          `/mail/v1/outbox?to=${encodeURIComponent(email)}&kind=identity.staff-invitation`,
          { headers: owner },
        );
        const body = (await mail.json()) as { messages: Array<{ text: string }> };
        token = /Invitation token: (\S+)/.exec(body.messages[0]?.text ?? '')?.[1] ?? '';
        return token;
      })
      .not.toBe('');
    const accepted = await request.post('/identity/v1/staff/invitations/accept', {
      data: { token, password },
    });
    expect(accepted.status()).toBe(200);
    const { access_token: accessToken } = (await accepted.json()) as { access_token: string };
    // The server refuses, whatever the screen shows.
    const refused = await request.patch('/sites/v1/site', {
      headers: { authorization: `Bearer ${accessToken}` },
      data: { site: { name: 'Taken over' } },
    });
    expect(refused.status()).toBe(403);

    await signIn(page, { email, password });
    const navigation = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await expect(navigation.getByRole('link', { name: 'Calendar' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.goto('/dashboard/settings');
    await expect(page.getByText('Not available for your role')).toBeVisible();
    await capture(page, 'staff-settings-refused');
  });
});
