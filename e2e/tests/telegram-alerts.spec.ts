import { ADMIN } from '../support/api.js';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram.js';
import { expect, test as base } from '../support/fixtures.js';
import { signInWithForm } from '../support/pages.js';
import { startServer } from '../support/server.js';

const TOKEN = '123456:ABCdefGhIJKlmnOPqrSTuvWXyz_0123456789';
const CHAT = '4242';

/** The server talks to a local Bot API fake (HOMECAM_TELEGRAM_API_ROOT) instead of api.telegram.org. */
const test = base.extend<{ telegram: FakeTelegram }>({
  telegram: async ({}, use) => {
    const fake = await startFakeTelegram();
    await use(fake);
    await fake.close();
  },
  server: async ({ telegram }, use) => {
    const server = await startServer({ HOMECAM_TELEGRAM_API_ROOT: telegram.url });
    await use(server);
    await server.stop();
  },
});

test('Settings → Notifications: Telegram configured in the UI, "send a test" reaches the Bot API and the page shows it', async ({ page, server, adminApi, telegram }) => {
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${server.url}/settings/notifications`);

  const form = page.getByTestId('telegram-settings-form');
  await form.getByTestId('telegram-active').check();
  await form.getByTestId('telegram-token-replace').click();
  await form.getByTestId('telegram-token-input').fill(TOKEN);
  await form.getByTestId('telegram-chat-id').fill(CHAT);
  await form.getByTestId('telegram-save').click();
  await expect(page.getByTestId('toast').last()).toHaveAttribute('data-toast-type', 'success');
  await expect(form.getByTestId('telegram-token-state')).toHaveAttribute('data-set', 'true');
  expect(await adminApi.request('GET', '/api/settings/notifications/telegram')).toEqual({ active: true, tokenSet: true, chatID: CHAT, message: '' });

  // The status card turns on with the saved settings (it refreshes on its own), then the test goes out.
  const card = page.getByTestId('alert-channel-telegram');
  await expect(card.getByTestId('alert-channel-telegram-enabled')).toHaveAttribute('data-enabled', 'true');
  await card.getByTestId('alert-channel-telegram-test').click();
  await expect(card.getByTestId('alert-channel-telegram-test-result')).toHaveText('Test sent. Details: sent to 1 chat(s) as @homecam_e2e_bot');
  expect(telegram.calls.map((call) => call.method)).toEqual(['getMe', 'sendMessage']);
  expect(telegram.calls.every((call) => call.token === TOKEN)).toBe(true);
  expect(telegram.calls[1]?.fields).toMatchObject({ chat_id: CHAT, text: 'HomeCam test' });
  await expect(card.getByTestId('alert-channel-telegram-last-success')).not.toHaveText('never');
  // The token went to the Bot API only: never into the server's log.
  expect(server.output()).not.toContain(TOKEN.split(':')[1]);
});
