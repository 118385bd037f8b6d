import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { captureBothWidths } from './screenshots.ts';

// The server runs with NODE_ENV=development, so the test reads kept mail and changes settings as the
// site's owner through the development credentials header.
const owner = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };

async function setSettings(request: APIRequestContext, settings: Record<string, boolean>) {
  const response = await request.patch('/identity/v1/settings', { headers: owner, data: { settings } });
  expect(response.status()).toBe(200);
}

async function lastMail(request: APIRequestContext, to: string, kind: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/mail/v1/outbox?to=${encodeURIComponent(to)}&kind=${kind}`, {
        headers: owner,
      });
      const body = (await response.json()) as { messages: Array<{ text: string }> };
      text = body.messages[0]?.text;
      return Boolean(text);
    })
    .toBe(true);
  return text!;
}

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}@example.com`;
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test.describe('member sign-in pages', () => {
  // No slide of the collapsed menu while the screenshots switch between desktop and phone width.
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test.afterEach(async ({ request }) => {
    await setSettings(request, { requireEmailVerification: false });
  });

  test('a visitor registers, verifies the email with the mailed code, signs in, sees the account and signs out', async ({
    page,
    request,
  }) => {
    await setSettings(request, { requireEmailVerification: true });
    const email = uniqueEmail('ada');
    const password = 'correct horse battery';

    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await captureBothWidths(page, 'auth-sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();

    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await captureBothWidths(page, 'auth-register');
    // The form checks the password length before asking the server.
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: /^Password/ }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await page.getByRole('textbox', { name: /^Password/ }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await captureBothWidths(page, 'auth-verify');
    const code = /\b(\d{6})\b/.exec(await lastMail(request, email, 'identity.email-verification'))![1]!;
    // A wrong code first: the page says so and keeps the flow going.
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByRole('textbox', { name: 'Verification code' }).first().click();
    await page.keyboard.type(wrong);
    await expect(page.getByRole('alert')).toContainText('That code is not right');
    await page.getByRole('textbox', { name: 'Verification code' }).first().click();
    await page.keyboard.type(code);

    // Back where the visitor started (the home page), now signed in: the header shows the account menu.
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Ada Lovelace');
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText('Ada Lovelace');
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByTestId('account-status')).toHaveText('Active');
    await captureBothWidths(page, 'auth-account');

    // Tokens persist: a reload keeps the member signed in.
    await page.reload();
    await expect(page.getByTestId('account-name')).toHaveText('Ada Lovelace');

    await signOutFromMenu(page);

    // Signing in again with the password; a wrong one first.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: /^Password/ }).fill('not my password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('That password is not right.');
    await captureBothWidths(page, 'auth-sign-in-error');
    await page.getByRole('textbox', { name: /^Password/ }).fill(password);
    await page.getByRole('textbox', { name: /^Password/ }).press('Enter');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    const tokens = await page.evaluate(() =>
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith('atrium.tokens.'))
        .map(
          (key) =>
            (JSON.parse(window.localStorage.getItem(key)!) as { refreshToken: { role: string } }).refreshToken
              .role,
        ),
    );
    expect(tokens).not.toContain('member');
  });

  test('a member resets a forgotten password from the mailed link', async ({ page, request }) => {
    const email = uniqueEmail('grace');
    await page.goto('/account/register');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: /^Password/ }).fill('first password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await captureBothWidths(page, 'auth-forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await captureBothWidths(page, 'auth-forgot-password-sent');

    const mail = await lastMail(request, email, 'identity.password-recovery');
    const token = /Recovery token: (\S+)/.exec(mail)![1]!;
    await page.goto(`/account/reset-password?recoveryToken=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await captureBothWidths(page, 'auth-reset-password');
    await page.getByRole('textbox', { name: /^New password/ }).fill('second password');
    await page.getByLabel('Confirm the new password').fill('second passwort');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm the new password').fill('second password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();

    // The link works once.
    await page.goto(`/account/reset-password?recoveryToken=${encodeURIComponent(token)}`);
    await page.getByRole('textbox', { name: /^New password/ }).fill('third password');
    await page.getByLabel('Confirm the new password').fill('third password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('This reset link has expired or was already used.')).toBeVisible();
  });

  test('a member who joined without verifying verifies the email from the account page', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('hedy');
    await page.goto('/account/register');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: /^Password/ }).fill('frequency hopping');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByText('Not verified')).toBeVisible();

    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    const code = /\b(\d{6})\b/.exec(await lastMail(request, email, 'identity.email-verification'))![1]!;
    await page.getByRole('textbox', { name: 'Verification code' }).first().click();
    await page.keyboard.type(code);
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verify my email' })).toHaveCount(0);
  });

  test('owners and staff have their own sign-in page', async ({ page }) => {
    await page.goto('/dashboard/sign-in');
    await expect(page.getByRole('heading', { name: 'Sign in to your dashboard' })).toBeVisible();
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('textbox', { name: /^Password/ }).fill('not a password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email or password is not right.');
    await captureBothWidths(page, 'auth-dashboard-sign-in');

    // The seeded demo owner (apps/server/src/cli/seed.ts) gets a staff session, kept apart from members'.
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByRole('textbox', { name: /^Password/ }).fill('atrium-demo-owner');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const staffKeys = await page.evaluate(() =>
      Object.keys(window.localStorage).filter((key) => key.startsWith('dashboard:atrium.tokens.')),
    );
    expect(staffKeys).toHaveLength(1);
  });
});
