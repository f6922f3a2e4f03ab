import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../dashboard/widgets/test-support/render-widget';
import { AlexaSettingsForm } from './AlexaSettingsForm';
import { WebhookSettingsForm } from './WebhookSettingsForm';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));
const permissions = vi.hoisted(() => ({ admin: false }));
vi.mock('../../hooks/use-permissions', () => ({ useHasAllPermissions: () => permissions.admin }));

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** fetch answering per "METHOD /path"; records method, path and JSON body. */
function stubApi(answers: Record<string, (body: unknown) => { status: number; body: unknown }>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://homecam.test').pathname;
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const answer = answers[`${method} ${path}`]?.(body) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no' } } };
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return calls;
}

const SECRET = 'f'.repeat(64);
const WEBHOOK = '/api/settings/notifications/webhook';
const ALEXA = '/api/settings/notifications/alexa';
const ALEXA_SETTINGS = {
  active: true, mode: 'home-assistant', url: 'http://ha.local:8123', tokenSet: true, service: 'notify/alexa_media_kitchen',
  target: '', message: '', startTime: '22:00', endTime: '06:00',
};

beforeEach(() => {
  permissions.admin = false;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<WebhookSettingsForm>', () => {
  it('an admin sees, shows and rotates the secret, and saves insecure hosts', async () => {
    const rotated = 'e'.repeat(64);
    const calls = stubApi({
      [`GET ${WEBHOOK}`]: () => ({ status: 200, body: { active: false, secretSet: true, secret: SECRET, insecureHosts: [] } }),
      [`POST ${WEBHOOK}/rotate-secret`]: () => ({ status: 200, body: { active: false, secretSet: true, secret: rotated, insecureHosts: [] } }),
      [`PATCH ${WEBHOOK}`]: (body) => ({ status: 200, body: { active: true, secretSet: true, secret: rotated, insecureHosts: (body as { insecureHosts: string[] }).insecureHosts } }),
    });
    renderWithQuery(<WebhookSettingsForm canEdit />);
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).not.toContain(SECRET);
    fireEvent.click(screen.getByTestId('webhook-secret-show'));
    expect(secret.textContent).toBe(SECRET);
    fireEvent.click(screen.getByTestId('webhook-rotate'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'alerts-webhook:webhook.rotate' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect((await screen.findByRole('status')).textContent).toBe('alerts-webhook:webhook.rotated');
    fireEvent.click(await screen.findByTestId('webhook-secret-show'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(rotated);

    fireEvent.click(screen.getByTestId('webhook-active'));
    fireEvent.change(screen.getByTestId('webhook-insecure-hosts'), { target: { value: 'https://nas.local' } });
    expect(screen.getByRole('alert').textContent).toBe('alerts-webhook:webhook.hostInvalid');
    expect(screen.getByTestId<HTMLButtonElement>('webhook-save').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('webhook-insecure-hosts'), { target: { value: 'NAS.local\n192.168.1.5' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    // The answer stays visible after the form took over the saved values.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('alerts-webhook:saved'));
    expect(screen.getByTestId<HTMLTextAreaElement>('webhook-insecure-hosts').value).toBe('nas.local\n192.168.1.5');
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: WEBHOOK, body: { active: true, insecureHosts: ['nas.local', '192.168.1.5'] } });
  });

  it('others see only that a secret is set; insecure hosts are read-only and never sent', async () => {
    const calls = stubApi({
      [`GET ${WEBHOOK}`]: () => ({ status: 200, body: { active: true, secretSet: true, insecureHosts: ['nas.local'] } }),
      [`PATCH ${WEBHOOK}`]: () => ({ status: 200, body: { active: false, secretSet: true, insecureHosts: ['nas.local'] } }),
    });
    renderWithQuery(<WebhookSettingsForm canEdit />);
    expect((await screen.findByTestId('webhook-secret-state')).textContent).toBe('alerts-webhook:webhook.secretSetOnly');
    expect(screen.queryByTestId('webhook-rotate')).toBeNull();
    expect(screen.getByTestId<HTMLTextAreaElement>('webhook-insecure-hosts').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('webhook-active'));
    fireEvent.click(screen.getByTestId('webhook-save'));
    await screen.findByRole('status');
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: WEBHOOK, body: { active: false } });
  });

  it('without edit rights nothing can be changed or saved', async () => {
    stubApi({ [`GET ${WEBHOOK}`]: () => ({ status: 200, body: { active: true, secretSet: true, insecureHosts: [] } }) });
    renderWithQuery(<WebhookSettingsForm canEdit={false} />);
    expect((await screen.findByTestId<HTMLInputElement>('webhook-active')).disabled).toBe(true);
    expect(screen.queryByTestId('webhook-save')).toBeNull();
  });
});

describe('<AlexaSettingsForm>', () => {
  it('an editor changes template and window; URL, mode and token are admin-only and not sent', async () => {
    const calls = stubApi({
      [`GET ${ALEXA}`]: () => ({ status: 200, body: ALEXA_SETTINGS }),
      [`PATCH ${ALEXA}`]: () => ({ status: 200, body: { ...ALEXA_SETTINGS, message: 'Motion at @', startTime: '21:00' } }),
    });
    renderWithQuery(<AlexaSettingsForm canEdit />);
    expect((await screen.findByTestId<HTMLInputElement>('alexa-url')).disabled).toBe(true);
    expect(screen.getByTestId<HTMLSelectElement>('alexa-mode').disabled).toBe(true);
    expect(screen.queryByTestId('alexa-token-replace')).toBeNull();
    expect(screen.getByTestId('alexa-token-state').textContent).toBe('alerts-webhook:alexaToken.set');
    fireEvent.change(screen.getByTestId('alexa-message'), { target: { value: 'Motion at @' } });
    fireEvent.change(screen.getByTestId('alexa-start'), { target: { value: '21:00' } });
    fireEvent.click(screen.getByTestId('alexa-save'));
    await screen.findByRole('status');
    expect(calls.at(-1)).toEqual({ method: 'PATCH', path: ALEXA, body: { message: 'Motion at @', startTime: '21:00' } });
  });

  it('an admin replaces or clears the token, checks URL and service, and sees refusals translated', async () => {
    permissions.admin = true;
    let status = 200;
    const calls = stubApi({
      [`GET ${ALEXA}`]: () => ({ status: 200, body: ALEXA_SETTINGS }),
      [`PATCH ${ALEXA}`]: () =>
        status === 200 ? { status, body: ALEXA_SETTINGS } : { status, body: { error: { code: 'ALERT_SETTING_ADMIN_ONLY', message: 'only an admin' } } },
    });
    renderWithQuery(<AlexaSettingsForm canEdit />);
    fireEvent.change(await screen.findByTestId('alexa-url'), { target: { value: 'ftp://ha.local' } });
    expect(screen.getByText('alerts-webhook:alexa.urlInvalid')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('alexa-save').disabled).toBe(true);
    fireEvent.change(screen.getByTestId('alexa-url'), { target: { value: 'https://ha.example:8123' } });
    fireEvent.change(screen.getByTestId('alexa-service'), { target: { value: 'alexa' } });
    expect(screen.getByText('alerts-webhook:alexa.serviceInvalid')).toBeTruthy();
    fireEvent.change(screen.getByTestId('alexa-service'), { target: { value: 'notify/alexa_media_office' } });
    fireEvent.click(screen.getByTestId('alexa-token-replace'));
    fireEvent.change(screen.getByTestId('alexa-token-input'), { target: { value: 'new-token' } });
    fireEvent.click(screen.getByTestId('alexa-save'));
    await screen.findByRole('status');
    expect(calls.at(-1)?.body).toEqual({ url: 'https://ha.example:8123', token: 'new-token', service: 'notify/alexa_media_office' });

    status = 403;
    fireEvent.click(screen.getByTestId('alexa-token-clear'));
    expect(screen.getByTestId('alexa-token-state').textContent).toBe('alerts-webhook:alexaToken.willClear');
    fireEvent.click(screen.getByTestId('alexa-save'));
    expect((await screen.findByRole('alert')).textContent).toBe('errors.ALERT_SETTING_ADMIN_ONLY');
    expect(calls.at(-1)?.body).toEqual({ token: null });
  });
});
