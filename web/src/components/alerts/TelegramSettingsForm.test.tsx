import type { TelegramSettingsResponse } from '@homecam/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../../stores/toast/toast-store';
import { renderWithStores } from '../../test/test-stores';
import { TelegramSettingsForm } from './TelegramSettingsForm';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = '123456789:AAE-abcdefghijklmnopqrstuvwxyz';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The settings route as the server answers it: PATCH applies absent/set/null and answers the new state. */
function stubServer(initial: TelegramSettingsResponse): Call[] {
  const calls: Call[] = [];
  let state = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://homecam.test');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method: init?.method ?? 'GET', url: url.pathname, body });
      if (init?.method === 'PATCH') {
        const patch = body as { active?: boolean; token?: string | null; chatID?: string | null; message?: string | null };
        state = {
          active: patch.active ?? state.active,
          tokenSet: patch.token === undefined ? state.tokenSet : patch.token !== null,
          chatID: patch.chatID === undefined ? state.chatID : (patch.chatID ?? ''),
          message: patch.message === undefined ? state.message : (patch.message ?? ''),
        };
      }
      return Promise.resolve(new Response(JSON.stringify(state), { status: 200, headers: { 'content-type': 'application/json' } }));
    }),
  );
  return calls;
}

let toastStore = createToastStore();

function renderForm(canEdit: boolean) {
  toastStore = createToastStore();
  return renderWithStores(<TelegramSettingsForm canEdit={canEdit} />, { toastStore });
}

const patches = (calls: Call[]) => calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

describe('<TelegramSettingsForm>', () => {
  it('sets the token, chat ids and the switch; Save sends only what changed, and the token never shows again', async () => {
    const calls = stubServer({ active: false, tokenSet: false, chatID: '', message: '' });
    renderForm(true);
    expect((await screen.findByTestId('telegram-token-state')).textContent).toBe('alerts-telegram:token.unset');
    const save = screen.getByTestId('telegram-save');
    expect(save.hasAttribute('disabled')).toBe(true); // nothing changed yet

    fireEvent.click(screen.getByTestId('telegram-token-replace'));
    fireEvent.change(screen.getByTestId('telegram-token-input'), { target: { value: 'nope' } });
    expect(screen.getByText('alerts-telegram:token.invalid')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('telegram-token-input'), { target: { value: TOKEN } });
    fireEvent.change(screen.getByTestId('telegram-chat-id'), { target: { value: '111, @home_alerts' } });
    fireEvent.click(screen.getByTestId('telegram-active'));
    fireEvent.click(save);

    await waitFor(() => expect(screen.getByTestId('telegram-token-state').textContent).toBe('alerts-telegram:token.set'));
    expect(patches(calls)).toEqual([{ active: true, token: TOKEN, chatID: '111, @home_alerts' }]);
    expect(toastStore.getSnapshot().map((toast) => [toast.type, toast.message])).toEqual([['success', 'alerts-telegram:saved']]);
    expect(screen.queryByTestId('telegram-token-input')).toBeNull();
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('refuses bad chat ids and a too long template before saving', async () => {
    const calls = stubServer({ active: true, tokenSet: true, chatID: '111', message: '' });
    renderForm(true);
    const chat = await screen.findByTestId('telegram-chat-id');
    fireEvent.change(chat, { target: { value: '111; https://evil.example' } });
    expect(screen.getByText('alerts-telegram:chatID.invalid')).toBeTruthy();
    expect(screen.getByTestId('telegram-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(chat, { target: { value: '111' } });
    fireEvent.change(screen.getByTestId('telegram-message'), { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByText('alerts-telegram:message.tooLong')).toBeTruthy();
    fireEvent.submit(screen.getByTestId('telegram-settings-form'));
    expect(patches(calls)).toEqual([]);
  });

  it('Clear removes the stored token (null) and an emptied template is sent as null', async () => {
    const calls = stubServer({ active: true, tokenSet: true, chatID: '111', message: 'Hi @' });
    renderForm(true);
    fireEvent.click(await screen.findByTestId('telegram-token-clear'));
    expect(screen.getByTestId('telegram-token-state').textContent).toBe('alerts-telegram:token.willClear');
    fireEvent.change(screen.getByTestId('telegram-message'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('telegram-save'));
    await waitFor(() => expect(screen.getByTestId('telegram-token-state').textContent).toBe('alerts-telegram:token.unset'));
    expect(patches(calls)).toEqual([{ token: null, message: null }]);
  });

  it('read-only without the edit permission: no Save, no Replace/Clear, fields disabled', async () => {
    stubServer({ active: true, tokenSet: true, chatID: '111', message: '' });
    renderForm(false);
    expect((await screen.findByTestId<HTMLInputElement>('telegram-chat-id')).disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('telegram-active').disabled).toBe(true);
    expect(screen.queryByTestId('telegram-save')).toBeNull();
    expect(screen.queryByTestId('telegram-token-replace')).toBeNull();
    expect(screen.queryByTestId('telegram-token-clear')).toBeNull();
  });
});
