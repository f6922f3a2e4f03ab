import { ADMIN } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { chooseLanguage, signInWithForm } from '../support/pages.js';

/**
 * Issue 17: the plugins page and the alert channels speak the user's language (codes and values from the server,
 * never its English), every page tells a channel's state alike, and MQTT without a broker is off, not "on, not
 * connected to (retrying)".
 */
test('plugins, alert channels and log levels in Dutch; MQTT without a broker is off everywhere @phone', async ({ page, server, adminApi }) => {
  // The MQTT trigger switched on without a broker host: what the reviewer had.
  await adminApi.request('PATCH', '/api/config/mqtt', { active: true });
  await chooseLanguage(page, 'nl');
  await signInWithForm(page, server.url, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${server.url}/plugins`);
  const http = page.getByTestId('plugin-http-trigger');
  await expect(http.getByTestId('plugin-detail')).toHaveText('Poort 7272');
  await expect(page.getByTestId('plugin-mqtt-trigger').getByTestId('plugin-detail')).toHaveText('Geen broker ingesteld');
  const mqttError = page.getByTestId('plugin-mqtt-trigger').getByTestId('plugin-last-error');
  await expect(mqttError).toHaveAttribute('data-code', 'NO_BROKER');
  await expect(mqttError.getByTestId('plugin-last-error-text')).toHaveText('Er is geen MQTT-broker ingesteld.');
  // The keys are made when the app first asks for them (it subscribes by itself after sign-in): either line is right.
  await expect(page.getByTestId('plugin-web-push').getByTestId('plugin-detail')).toHaveText(/^0 aangemelde apparaten( · sleutels nog niet aangemaakt)?$/);
  await expect(page.getByTestId('plugin-homekit').getByTestId('plugin-detail')).toHaveText('Poort 51826 · 0 camera\'s · 0 koppelingen');
  await expect(page.getByTestId('plugin-alert-telegram').getByTestId('plugin-detail')).toHaveText('0 verzonden, 0 wachtend, 0 vervallen');
  const alertMqtt = page.getByTestId('plugin-alert-mqtt');
  await expect(alertMqtt.getByTestId('plugin-state')).toHaveAttribute('data-state', 'disabled');
  await expect(alertMqtt.getByTestId('plugin-detail')).toHaveText('Uit: er is geen MQTT-broker ingesteld (config.json mqtt.host) · 0 verzonden, 0 wachtend, 0 vervallen');
  // Every entry says since when its state holds, also one that never changed.
  const entries = page.locator('[data-testid^="plugin-"][data-testid$="-trigger"], [data-testid="plugin-web-push"], [data-testid="plugin-rekognition"]');
  await expect(entries).toHaveCount(6);
  for (const entry of await entries.all()) await expect(entry.getByTestId('plugin-since')).toContainText('sinds');
  await expect(page.locator('main')).not.toContainText(/subscribed device|no broker configured|\bsent\b|calls left/);

  // Settings → Notifications: the same answer (off, and why), the broker line without an empty name.
  await page.goto(`${server.url}/settings/notifications`);
  const card = page.getByTestId('alert-channel-mqtt');
  await expect(card.getByTestId('alert-channel-mqtt-enabled')).toHaveAttribute('data-enabled', 'false');
  await expect(card.getByTestId('alert-channel-mqtt-enabled')).toHaveText('Uit');
  await expect(card.getByTestId('alert-channel-mqtt-off-reason')).toHaveText('Uit: er is geen MQTT-broker ingesteld (config.json mqtt.host)');
  await expect(card.getByTestId('mqtt-publish-broker')).toHaveAttribute('data-off', 'NO_BROKER');
  await expect(card).not.toContainText('(retrying)');
  await expect(card).not.toContainText('opnieuw');

  // Settings → System: the log levels in Dutch.
  await page.goto(`${server.url}/settings/system`);
  const levels = page.getByTestId('system-log-level').locator('option');
  await expect(levels).toHaveText(['Debug', 'Info', 'Waarschuwing', 'Fout']);
});
