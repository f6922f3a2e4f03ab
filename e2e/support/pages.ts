import { expect, type Page } from '@playwright/test';
import { STORAGE_KEYS, UI_TIMINGS } from '@homecam/shared';
import { ADMIN } from './api.js';

/** Waits for the start-up splash to go, so the app below it can be used. */
export async function waitForApp(page: Page): Promise<void> {
  // The app mounts after the page's load event (main.tsx imports it, on a camera page once the early picture shows):
  // no splash before it has rendered anything means nothing yet.
  await expect(page.locator('#root > *').first()).toBeAttached({ timeout: 10_000 });
  await expect(page.getByTestId('splash')).toHaveCount(0, { timeout: UI_TIMINGS.loaderDelayMs + 5_000 });
}

/**
 * Waits until the app's live socket is connected (the navbar's `data-realtime`). Server events sent before
 * that (a notification, a new recording) never reach the page: a test that causes one waits for this first.
 */
export async function waitForRealtime(page: Page): Promise<void> {
  await expect(page.getByTestId('navbar')).toHaveAttribute('data-realtime', 'connected');
}

/** Signs in through the login form, as a person would. */
export async function signInWithForm(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await waitForApp(page);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Opens the app in `language` from the first paint on, as if it had been chosen in Settings → Appearance before. */
export async function chooseLanguage(page: Page, language: 'de' | 'nl' | 'en' | 'fr' | 'th' | 'es'): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.language, language] as const);
}

/**
 * Signs the admin in through the form with `theme` from the first paint on (dark mode set by hand, not following the
 * system), and waits for the dashboard in that theme.
 */
export async function signInAdminInTheme(page: Page, baseUrl: string, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript(([key, value, manual]) => {
    localStorage.setItem(key, value);
    localStorage.setItem(manual[0], manual[1]);
  }, [STORAGE_KEYS.theme, theme, [STORAGE_KEYS.darkmode, 'manual']] as const);
  await signInWithForm(page, baseUrl, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}
