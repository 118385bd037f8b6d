import { expect, test, type Page } from '@playwright/test';

/**
 * The built app under its real Content-Security-Policy. zod 4 probes `new Function('')` once inside a try
 * to decide whether it may compile validators; that refused eval is expected and harmless.
 */
async function violationsWhileLoading(page: Page, path: string, ready: () => Promise<void>) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('CSP ')) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP ${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  const response = await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  return { violations: violations.filter((text) => !text.startsWith('CSP script-src eval ')), response };
}

test('the public site and the dashboard sign-in run under the strict policy', async ({ page }) => {
  const pages = [
    { path: '/', ready: () => page.getByRole('heading', { level: 1 }) },
    { path: '/dashboard/sign-in', ready: () => page.getByRole('button', { name: 'Sign in' }) },
  ];
  for (const { path, ready } of pages) {
    const { violations, response } = await violationsWhileLoading(page, path, () =>
      expect(ready().first()).toBeVisible(),
    );
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(violations).toEqual([]);
  }
});

test('the API reference renders under its own /docs policy', async ({ page }) => {
  // The reference lays out every operation (about 460, a 7 MB document since commerce): on a 2-core
  // machine Scalar needs more than the default 10 s before the first path shows.
  test.setTimeout(120_000);
  const { violations, response } = await violationsWhileLoading(page, '/docs', () =>
    expect(page.getByText('/healthz').first()).toBeVisible({ timeout: 90_000 }),
  );
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // Fonts from fonts.scalar.com fail offline with a network error, not a policy violation.
  expect(violations).toEqual([]);
});
