import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInWithForm, waitForApp } from '../support/pages.js';

/**
 * Issue 17: a widget's content is never cut off. The shortcuts widget kept its desktop height on a phone (Reload,
 * Sign out and Restart server sat in a hidden inner scroll area), and on a 1366×768 desktop in Thai too.
 */
const SHORTCUT_BUTTONS = ['shortcuts-reload', 'shortcuts-sign-out', 'shortcuts-restart'];

/**
 * Each shortcut button lies wholly inside the widget's frame, and nothing in the frame needs scrolling. The frame
 * grows to its content once measured (after the language's font has loaded), so the check is retried until then.
 */
async function expectShortcutsUncut(page: Page): Promise<void> {
  const widget = page.getByTestId('widget-shortcuts');
  await expect(widget.getByTestId('shortcuts-widget')).toBeVisible();
  await expect(() => shortcutsInside(widget)).toPass({ timeout: 5_000 });
}

async function shortcutsInside(widget: Locator): Promise<void> {
  const frame = await box(widget);
  for (const id of SHORTCUT_BUTTONS) {
    const button = widget.getByTestId(id);
    await expect(button).toBeVisible();
    const inner = await box(button);
    expect(inner.y, `${id} starts inside the widget`).toBeGreaterThanOrEqual(frame.y);
    expect(inner.y + inner.height, `${id} ends inside the widget`).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
  }
  const scrolled = await widget.evaluate((section) =>
    Array.from(section.querySelectorAll('*')).filter((element) => element.scrollHeight > element.clientHeight + 1 && getComputedStyle(element).overflowY !== 'visible').length,
  );
  expect(scrolled, 'inner scroll areas in the shortcuts widget').toBe(0);
}

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not shown');
  return found;
}

async function openDashboard(page: Page, url: string): Promise<void> {
  await signInWithForm(page, url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForApp(page);
  await expect(page.getByTestId('dashboard-board')).toHaveAttribute('data-mode', /grid|stack/);
}

test('on a 390×844 phone every shortcut button shows without inner scrolling @phone', async ({ page, server, adminApi: _admin }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page, server.url);
  await expect(page.getByTestId('dashboard-board')).toHaveAttribute('data-mode', 'stack');
  await expectShortcutsUncut(page);
});

test('on a 1366×768 desktop in Thai every shortcut button shows without inner scrolling', async ({ page, server, adminApi: _admin }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await chooseLanguage(page, 'th');
  await openDashboard(page, server.url);
  await expect(page.getByTestId('dashboard-board')).toHaveAttribute('data-mode', 'grid');
  await expect(page.getByTestId('shortcuts-sign-out')).toHaveText('ออกจากระบบ');
  await expectShortcutsUncut(page);
  // Grown to its content, the widget pushed the one below it down instead of overlapping it.
  const shortcuts = await box(page.getByTestId('widget-shortcuts'));
  for (const other of await page.locator('[data-testid^="widget-"][data-widget-type]').all()) {
    if ((await other.getAttribute('data-testid')) === 'widget-shortcuts') continue;
    const o = await box(other);
    const overlaps = o.x < shortcuts.x + shortcuts.width && shortcuts.x < o.x + o.width && o.y < shortcuts.y + shortcuts.height && shortcuts.y < o.y + o.height;
    expect(overlaps, `${await other.getAttribute('data-testid')} overlaps the shortcuts`).toBe(false);
  }
});
