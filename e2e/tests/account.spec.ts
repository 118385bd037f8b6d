import { expect, test, type APIRequestContext } from '@playwright/test';
import { ownerHeaders } from './dashboard-helpers.ts';

// The member's own account page (issue #18, item 13): name and phone edited at their fields, a password
// change that asks for the current password however fresh the sign-in, and a new email that is used to
// sign in only once the code mailed to it is entered.
const suffix = Date.now().toString(36);

async function lastCode(request: APIRequestContext, to: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(
        `/mail/v1/outbox?to=${encodeURIComponent(to)}&kind=identity.email-verification`,
        { headers: ownerHeaders },
      );
      text = ((await response.json()) as { messages: Array<{ text: string }> }).messages[0]?.text;
      return Boolean(text);
    })
    .toBe(true);
  return /\b(\d{6})\b/.exec(text!)![1]!;
}

test('a member edits their details, changes the password with the current one and moves to a new email', async ({
  page,
  request,
}) => {
  const email = `rosalind-${suffix}@example.com`;
  const newEmail = `rosalind-new-${suffix}@example.com`;
  await page.goto('/account/register');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: /^Password/ }).fill('double helix 51');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();

  // Name and phone: a bad phone number is told at its field, then the details are saved and shown.
  const details = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Your details' }) });
  await details.getByLabel('First name').fill('Rosalind');
  await details.getByLabel('Last name').fill('Franklin');
  await details.getByLabel('Phone').fill('12');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Enter a phone number with its country code')).toBeVisible();
  await expect(details.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  await details.getByLabel('Phone').fill('+44 20 7946 0000');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details were saved.')).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText('Rosalind Franklin');
  await page.reload();
  await expect(details.getByLabel('Phone')).toHaveValue('+44 20 7946 0000');

  // The password: the current one is asked for even right after signing up, and checked.
  const password = page
    .locator('form')
    .filter({ has: page.getByRole('heading', { name: 'Change password' }) });
  await password.getByLabel('New password').fill('photo fifty one');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Enter your current password.')).toBeVisible();
  await password.getByLabel('Current password').fill('not my password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('That password is not right.')).toBeVisible();
  await password.getByLabel('Current password').fill('double helix 51');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  // The email: a code goes to the new address, and entering it makes it the sign-in email.
  await details.getByLabel('Email (used to sign in)').fill(newEmail);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(newEmail).first()).toBeVisible();
  const code = await lastCode(request, newEmail);
  await page.getByRole('textbox', { name: 'Verification code' }).first().click();
  await page.keyboard.type(code);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText(newEmail).first()).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: /^Password/ }).fill('photo fifty one');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('No account uses this email')).toBeVisible();
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText('Rosalind Franklin');
});
