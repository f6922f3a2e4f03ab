import type { Permission, SessionUser } from '@homecam/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoresContext, type AppStores } from '../../stores/stores-context';
import { createToastStore } from '../../stores/toast/toast-store';
import { UsernameCard } from './UsernameCard';

vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

afterEach(cleanup);

function renderCard(permissions: Permission[]) {
  const user: SessionUser = { id: 7, username: 'jane', sessionTimer: 3600, permissionLevel: permissions, photo: null, mustChangeCredentials: false };
  const signedOut = { status: 'signedOut' };
  const sessionStore = { subscribe: () => () => undefined, getState: () => signedOut, dispatch: vi.fn() };
  const stores = { toastStore: createToastStore(), sessionStore } as unknown as AppStores;
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <StoresContext.Provider value={stores}>
      <QueryClientProvider client={client}>
        <UsernameCard user={user} />
      </QueryClientProvider>
    </StoresContext.Provider>,
  );
}

describe('<UsernameCard> (F14: user names are the admin\'s to give)', () => {
  it('shows a non-admin its name read-only, says who changes it, and offers no save', () => {
    renderCard(['dashboard:access']);
    const field = screen.getByTestId('account-username');
    expect(field.hasAttribute('readonly')).toBe(true);
    expect(screen.getByText('settings:account.usernameAdminOnly')).toBeTruthy();
    expect(screen.queryByTestId('account-username-submit')).toBeNull();
  });

  it('lets an admin edit and save its name', () => {
    renderCard(['admin']);
    expect(screen.getByTestId('account-username').hasAttribute('readonly')).toBe(false);
    expect(screen.getByTestId('account-username-submit')).toBeTruthy();
    expect(screen.queryByText('settings:account.usernameAdminOnly')).toBeNull();
  });
});
