import type { SecondFactorMethod } from '@homecam/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoresContext, type AppStores } from '../../stores/stores-context';
import { createToastStore } from '../../stores/toast/toast-store';
import { SecondFactorStep } from './SecondFactorStep';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));
const webauthn = vi.hoisted(() => ({ available: true }));
vi.mock('../../lib/webauthn', () => ({ passkeysAvailable: () => webauthn.available }));

afterEach(cleanup);

function renderStep(methods: SecondFactorMethod[]) {
  const sessionStore = { subscribe: () => () => undefined, getState: () => ({ status: 'signedOut' }), dispatch: vi.fn() };
  const stores = { toastStore: createToastStore(), sessionStore } as unknown as AppStores;
  render(
    <StoresContext.Provider value={stores}>
      <QueryClientProvider client={new QueryClient()}>
        <SecondFactorStep challenge={{ status: 'secondFactorRequired', ticket: 't', methods, expires_in: 300 }} onCancel={() => undefined} />
      </QueryClientProvider>
    </StoresContext.Provider>,
  );
}

describe('<SecondFactorStep> offers what the account has (issue 21)', () => {
  it('the code field alone for an account with only the app', () => {
    webauthn.available = true;
    renderStep(['totp', 'recovery']);
    expect(screen.getByTestId('second-factor-code')).toBeTruthy();
    expect(screen.queryByTestId('second-factor-passkey')).toBeNull();
  });

  it('the passkey alone, as the main button, for an account with only passkeys', () => {
    webauthn.available = true;
    renderStep(['passkey']);
    expect(screen.queryByTestId('second-factor-code')).toBeNull();
    expect(screen.getByTestId('second-factor-passkey')).toBeTruthy();
    expect(screen.getByTestId('second-factor-passkey-prompt')).toBeTruthy();
  });

  it('both for an account with both; where passkeys cannot work, says so instead of a dead button', () => {
    webauthn.available = true;
    renderStep(['totp', 'recovery', 'passkey']);
    expect(screen.getByTestId('second-factor-code')).toBeTruthy();
    expect(screen.getByTestId('second-factor-passkey')).toBeTruthy();
    cleanup();
    webauthn.available = false;
    renderStep(['passkey']);
    expect(screen.queryByTestId('second-factor-passkey')).toBeNull();
    expect(screen.getByTestId('second-factor-passkey-unavailable').textContent).toBe('errors.PASSKEY_UNSUPPORTED');
  });
});
