import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const screenshotDir = path.resolve(import.meta.dirname, '../screenshots');

export const viewports = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Waits until the page has settled at a new size: the layout's CSS transitions (the menu sliding away when
 * the width crosses a breakpoint) would otherwise be caught half way in the shot.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Transitions only: a spinner's animation never ends, a transition always does.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.constructor.name !== 'CSSTransition' || animation.playState !== 'running',
      ),
  );
}

/** Saves a full-page screenshot at desktop and phone width as `<name>-desktop.png` / `<name>-phone.png`. */
export async function captureBothWidths(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await settled(page);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}
