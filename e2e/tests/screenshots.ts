import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** Saves a full-page screenshot at desktop and phone width as `<name>-desktop.png` / `<name>-phone.png`. */
export async function captureBothWidths(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}
